# What every C adapter's Makefile shares (included after it sets PKG, the library's pkg-config
# name, and LIB, the linker flag to use without pkg-config): the adapter, built from adapter.c
# and the shared ../protocol.h into .build/.
CC ?= cc
CFLAGS ?= -O2 -Wall -Wextra
PKG_CFLAGS := $(shell pkg-config --cflags $(PKG) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKG) 2>/dev/null || echo $(LIB))

.build/adapter: adapter.c ../protocol.h
	mkdir -p .build
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(PKG_LIBS)

clean:
	rm -rf .build

.PHONY: clean
