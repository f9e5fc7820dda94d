#!/usr/bin/env python3
"""Write overview-40.csv: forty systems, twelve tests, three runs
each.  Synthetic (not measurements), issue 21 defect 4: the PDF report's
result overview of forty systems, its geometric means on paper at 7 pt
or more.  Run from this folder: python3 gen-overview-40.py"""

TESTS = [("Compile", "Target: Kernel", "Seconds", "LIB"),
         ("Compress", "Level: 19", "MB/s", "HIB"),
         ("Decompress", "Level: 19", "MB/s", "HIB"),
         ("Database", "Clients: 64", "TPS", "HIB"),
         ("Render", "Scene: Classroom", "Seconds", "LIB"),
         ("Encode", "Preset: Medium", "FPS", "HIB"),
         ("Web Server", "Connections: 200", "Requests/s", "HIB"),
         ("Key-Value Store", "Operation: GET", "Ops/s", "HIB"),
         ("Disk Read", "Block Size: 4KB", "IOPS", "HIB"),
         ("Disk Write", "Block Size: 4KB", "IOPS", "HIB"),
         ("Ray Tracer", "Resolution: 4K", "Seconds", "LIB"),
         ("Crypto", "Cipher: AES-256-GCM", "MB/s", "HIB")]


def main():
    out = ["# benchreport tidy CSV (doc/tidy-csv.md)",
           "# Synthetic (not measurements), written by gen-overview-40.py:",
           "# forty systems, twelve tests, three runs each (issue 21",
           "# defect 4, the result overview of forty systems on paper).",
           "title,description,unit,direction,system,value"]
    for t, (title, desc, unit, d) in enumerate(TESTS):
        for s in range(40):
            name = "Node %02d (%d cores, %d GB)" % (s + 1, 8 + 4 * (s % 7),
                                                   32 * (1 + s % 4))
            # speedups from 0.6x to 1.9x, each test its own order
            f = 0.6 + ((s * (t + 3) * 7) % 40) * 1.3 / 39
            base = 100.0 * (f if d == "HIB" else 1 / f)
            for r in (-1, 0, 1):
                out.append("%s,%s,%s,%s,%s,%.2f" % (
                    title, desc, unit, d, '"%s"' % name,
                    base * (1 + 0.01 * r)))
    with open("overview-40.csv", "w") as f:
        f.write("\n".join(out) + "\n")


main()
