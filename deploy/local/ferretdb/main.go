// Command ferretdb-local runs FerretDB v1 with its SQLite backend for local
// development and tests. It wraps the embeddable package because a plain
// `go install .../cmd/ferretdb` build panics at start: its generated
// build/version/version.txt is not part of the module zip.
//
// It also puts a small proxy in front of FerretDB that runs one command at a
// time. FerretDB v1 applies an update as "find, change in Go, write back"
// without holding a lock across the steps, so concurrent updates of one
// document lose writes and conditional updates (compare-and-swap) can both
// succeed: measured here, 50 concurrent $inc on one document left it at 8.
// MongoDB makes every single-document write atomic, and our code relies on
// that; serialising commands gives local runs and tests the same guarantee.
package main

import (
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"io"
	"log"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27117", "TCP address to listen on")
	dir := flag.String("sqlite-dir", "", "directory for the SQLite databases (required)")
	flag.Parse()
	if *dir == "" {
		log.Fatal("--sqlite-dir is required")
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatal(err)
	}

	// Errors only: the dev stack prefixes and shows this output.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))

	// FerretDB itself listens on a free loopback port that only the proxy uses.
	// The embeddable package keeps no state file and never reports telemetry.
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: "127.0.0.1:0"},
		Handler:   "sqlite",
		SQLiteURL: "file:" + *dir + "/",
		Logger:    logger,
	})
	if err != nil {
		log.Fatal(err)
	}
	uri, err := url.Parse(f.MongoDBURI())
	if err != nil {
		log.Fatal(err)
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	go serialise(ln, uri.Host)

	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

// serialise accepts client connections and relays each to its own backend
// connection, holding one lock from a request until its reply.
func serialise(ln net.Listener, backend string) {
	var mu sync.Mutex
	for {
		client, err := ln.Accept()
		if err != nil {
			return
		}
		go relay(client, backend, &mu)
	}
}

const (
	opMsg      = 2013
	moreToCome = 1 << 1 // OP_MSG flag: the sender expects no reply
)

func relay(client net.Conn, backendAddr string, mu *sync.Mutex) {
	defer client.Close()
	backend, err := net.Dial("tcp", backendAddr)
	if err != nil {
		return
	}
	defer backend.Close()
	for {
		req, err := readMessage(client)
		if err != nil {
			return
		}
		expectReply := !(binary.LittleEndian.Uint32(req[12:16]) == opMsg && binary.LittleEndian.Uint32(req[16:20])&moreToCome != 0)
		var reply []byte
		mu.Lock()
		_, err = backend.Write(req)
		if err == nil && expectReply {
			reply, err = readMessage(backend)
		}
		mu.Unlock()
		if err != nil {
			return
		}
		if expectReply {
			if _, err := client.Write(reply); err != nil {
				return
			}
		}
	}
}

// readMessage reads one wire-protocol message: a 16-byte header whose first
// field is the whole message's length, then the rest.
func readMessage(r io.Reader) ([]byte, error) {
	var header [16]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, err
	}
	n := binary.LittleEndian.Uint32(header[:4])
	if n < 20 || n > 48<<20 {
		return nil, errors.New("bad message length")
	}
	msg := make([]byte, n)
	copy(msg, header[:])
	if _, err := io.ReadFull(r, msg[16:]); err != nil {
		return nil, err
	}
	return msg, nil
}
