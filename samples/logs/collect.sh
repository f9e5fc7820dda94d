#!/bin/bash
# Collect real outputs for benchreport samples: two configurations.
set -u
OUT=${OUT:-/tmp/runs/out2}
rm -rf $OUT; mkdir -p $OUT/ext4-vda $OUT/tmpfs-shm
yes "INSERT INTO pts1 (I, F1, F2) VALUES (1, 'abcd', 'abcdefghijklmnop');" | head -2500 > /tmp/runs/ins.sql
for sys in ext4-vda tmpfs-shm; do
  if [ $sys = ext4-vda ]; then D=/tmp/brb/ext4; else D=/dev/shm/brb; fi
  rm -rf $D; mkdir -p $D; cd $D
  for n in 1 2 3; do
    dbench -t 5 2 -D $D > $OUT/$sys/dbench-run$n.txt 2>&1
    fio --name=randread --directory=$D --rw=randread --bs=4k --size=16m --runtime=2 --time_based --output-format=json > $OUT/$sys/fio-randread-run$n.json 2>&1
    fio --name=seqwrite --directory=$D --rw=write --bs=64k --size=32m --runtime=2 --time_based > $OUT/$sys/fio-seqwrite-run$n.txt 2>&1
    printf 'set location %s\nset number 500\nset transactions 2000\nrun\nquit\n' $D | postmark > $OUT/$sys/postmark-run$n.txt 2>&1
    bonnie++ -d $D -s 256 -r 128 -n 1 -u root -q > $OUT/$sys/bonnie-run$n.csv 2>/dev/null
    /usr/bin/time -v dd if=/dev/zero of=ddfile bs=1M count=128 conv=fsync > $OUT/$sys/dd-gnutime-run$n.txt 2>&1
    rm -f bench.db; sqlite3 bench.db "CREATE TABLE pts1 ('I' SMALLINT NOT NULL, 'DT' TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, 'F1' VARCHAR(4) NOT NULL, 'F2' VARCHAR(16) NOT NULL);"
    ( time sh -c 'cat /tmp/runs/ins.sql | sqlite3 bench.db' ) > $OUT/$sys/sqlite-run$n.txt 2>&1
  done
  hyperfine --runs 5 --export-json $OUT/$sys/hyperfine-dd.json "dd if=/dev/zero of=ddfile bs=1M count=64 conv=fsync" > /dev/null 2>&1
  cd /; rm -rf $D
done
echo done
