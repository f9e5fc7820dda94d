/*
 * sha1.c - SHA-1 (FIPS 180-4), used only to reproduce PTS's comparison
 * hash of a result (not for security).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model_int.h"

struct sha1 {
	uint32_t h[5];
	uint64_t len;
	unsigned char buf[64];
	size_t nbuf;
};

static uint32_t rol(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

static void block(struct sha1 *c, const unsigned char *p)
{
	uint32_t w[80], a, b, d, e, f, k, t, cc;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
	for (i = 16; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = c->h[0];
	b = c->h[1];
	cc = c->h[2];
	d = c->h[3];
	e = c->h[4];
	for (i = 0; i < 80; i++) {
		if (i < 20) {
			f = (b & cc) | (~b & d);
			k = 0x5A827999;
		} else if (i < 40) {
			f = b ^ cc ^ d;
			k = 0x6ED9EBA1;
		} else if (i < 60) {
			f = (b & cc) | (b & d) | (cc & d);
			k = 0x8F1BBCDC;
		} else {
			f = b ^ cc ^ d;
			k = 0xCA62C1D6;
		}
		t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = cc;
		cc = rol(b, 30);
		b = a;
		a = t;
	}
	c->h[0] += a;
	c->h[1] += b;
	c->h[2] += cc;
	c->h[3] += d;
	c->h[4] += e;
}

static void update(struct sha1 *c, const unsigned char *p, size_t n)
{
	c->len += n;
	while (n) {
		size_t k = 64 - c->nbuf;

		if (k > n)
			k = n;
		memcpy(c->buf + c->nbuf, p, k);
		c->nbuf += k;
		p += k;
		n -= k;
		if (c->nbuf == 64) {
			block(c, c->buf);
			c->nbuf = 0;
		}
	}
}

void br_sha1_hex(const void *p, size_t n, char out[41])
{
	struct sha1 c = {{0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476,
			  0xC3D2E1F0}, 0, {0}, 0};
	uint64_t bits;
	unsigned char pad = 0x80, zero = 0, lenb[8];
	int i;

	update(&c, p, n);
	bits = c.len * 8;
	update(&c, &pad, 1);
	while (c.nbuf != 56)
		update(&c, &zero, 1);
	for (i = 0; i < 8; i++)
		lenb[i] = (unsigned char)(bits >> (56 - 8 * i));
	update(&c, lenb, 8);
	for (i = 0; i < 5; i++)
		snprintf(out + 8 * i, 9, "%08x", (unsigned)c.h[i]);
}
