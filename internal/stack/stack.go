// Package stack grows a goroutine's stack ahead of deep work. A goroutine
// starts with 2 KiB and grows by doubling, each time copying its stack and
// adjusting every frame on it from the binary's frame tables (in a fresh
// process, pages not yet read): a few copies deep in recursive work (the
// templates and expressions packages parse at init, the shell walker) cost
// more than one step taken while the stack holds a few frames.
//
// The package imports nothing, so its initialisation, which grows the main
// goroutine's stack, runs before that of every package it sorts after by
// import path (the Go specification's order): the libraries guard links
// (kardianos/service, mvdan.cc/sh, net/http) parse at init.
package stack

// frame is the frame Grow takes: a goroutine that calls it grows its stack
// once, to 32 KiB.
const frame = 24 << 10

// sink keeps Grow's frame from being optimised away.
var sink int

func init() { Grow() }

// Grow grows the calling goroutine's stack to 32 KiB in one step, unless
// it is that large already. Call it first in a new goroutine that will
// recurse.
//
//go:noinline
func Grow() byte {
	var buf [frame]byte
	return buf[sink]
}
