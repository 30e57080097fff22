package main

import (
	"context"
	"encoding/binary"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson"
)

// A backend that answers every command with {ok: 1}, except those whose first field is
// "stuck": it reads them and never answers, as a FerretDB stuck in a command does.
func fakeBackend(t *testing.T) (addr string, connections *atomic.Int32) {
	return answeringBackend(t, func(bson.Raw) bson.D { return bson.D{{Key: "ok", Value: 1.0}} })
}

// answeringBackend answers each command as `answer` says, except "stuck" ones (see fakeBackend).
func answeringBackend(t *testing.T, answer func(body bson.Raw) bson.D) (addr string, connections *atomic.Int32) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	connections = &atomic.Int32{}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			connections.Add(1)
			go func() {
				defer conn.Close()
				for {
					req, err := readMessage(conn)
					if err != nil {
						return
					}
					if name, _ := firstField(commandOf(req).body); name == "stuck" {
						continue
					}
					if _, err := conn.Write(reply(req, answer(commandOf(req).body))); err != nil {
						return
					}
				}
			}()
		}
	}()
	return ln.Addr().String(), connections
}

func reply(req []byte, doc bson.D) []byte {
	return replyTo(req, marshal(doc))
}

// request is an OP_MSG of doc with request id 7.
func request(doc bson.D) []byte {
	var header [16]byte
	binary.LittleEndian.PutUint32(header[4:8], 7)
	return opMsgOf(header[:], marshal(doc))
}

func marshal(doc bson.D) []byte {
	body, err := bson.Marshal(doc)
	if err != nil {
		panic(err)
	}
	return body
}

func startProxy(t *testing.T, timeout time.Duration) string {
	t.Helper()
	backend, _ := fakeBackend(t)
	return proxyTo(t, backend, timeout)
}

func proxyTo(t *testing.T, backend string, timeout time.Duration) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go serve(ln, proxyOptions{backend: backend, commandTimeout: timeout})
	return ln.Addr().String()
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// send sends one command and returns the reply's body, failing the test after `within`.
func send(t *testing.T, conn net.Conn, doc bson.D, within time.Duration) bson.Raw {
	t.Helper()
	conn.SetDeadline(time.Now().Add(within))
	if _, err := conn.Write(request(doc)); err != nil {
		t.Fatal(err)
	}
	msg, err := readMessage(conn)
	if err != nil {
		t.Fatalf("no reply to %v within %v: %v", doc[0].Key, within, err)
	}
	if got := binary.LittleEndian.Uint32(msg[8:12]); got != 7 {
		t.Fatalf("responseTo %d, want the request's id 7", got)
	}
	return bson.Raw(commandOf(msg).body)
}

func update(coll string, extra ...bson.E) bson.D {
	return append(bson.D{{Key: "update", Value: coll}, {Key: "$db", Value: "app"}}, extra...)
}

func stuck(coll string, extra ...bson.E) bson.D {
	// The fake backend answers nothing that starts with "stuck"; the proxy sees a write of coll.
	return append(bson.D{{Key: "stuck", Value: coll}, {Key: "update", Value: coll}, {Key: "$db", Value: "app"}}, extra...)
}

func init() { collectionWrites["stuck"] = true }

func TestAStuckCommandIsAnsweredMaxTimeMSExpiredAtItsMaxTimeMS(t *testing.T) {
	addr := startProxy(t, time.Hour)
	conn := dial(t, addr)
	started := time.Now()
	got := send(t, conn, stuck("a", bson.E{Key: "maxTimeMS", Value: int32(200)}), 5*time.Second)
	if code := got.Lookup("code").Int32(); code != 50 || got.Lookup("codeName").StringValue() != "MaxTimeMSExpired" || got.Lookup("ok").Double() != 0 {
		t.Fatalf("reply %v, want MaxTimeMSExpired", got)
	}
	if took := time.Since(started); took < 200*time.Millisecond || took > 2*time.Second {
		t.Fatalf("answered after %v, want about 200ms", took)
	}
	// The same client goes on, over a new backend connection.
	if ok := send(t, conn, update("a"), 5*time.Second).Lookup("ok").Double(); ok != 1 {
		t.Fatalf("the next command failed")
	}
}

func TestACommandWithoutMaxTimeMSEndsAtTheDefaultAndLetsItsLocksGo(t *testing.T) {
	addr := startProxy(t, 300*time.Millisecond)
	first, second := dial(t, addr), dial(t, addr)
	done := make(chan bson.Raw, 1)
	go func() { done <- send(t, first, stuck("a"), 5*time.Second) }()
	// A write of the same collection waits for the stuck one's lock, then goes on once its deadline passed.
	if ok := send(t, second, update("a", bson.E{Key: "maxTimeMS", Value: int64(3000)}), 5*time.Second).Lookup("ok").Double(); ok != 1 {
		t.Fatalf("the write after the stuck one failed")
	}
	if code := (<-done).Lookup("code").Int32(); code != 50 {
		t.Fatalf("the stuck command got code %d, want 50", code)
	}
}

func TestAClientThatGoesAwayMidCommandLetsItsLocksGo(t *testing.T) {
	addr := startProxy(t, time.Hour)
	leaving, staying := dial(t, addr), dial(t, addr)
	if _, err := leaving.Write(request(stuck("a"))); err != nil {
		t.Fatal(err)
	}
	// Once the stuck write holds the collection, a write of it runs out of time waiting...
	for send(t, staying, update("a", bson.E{Key: "maxTimeMS", Value: 50.0}), 5*time.Second).Lookup("ok").Double() == 1 {
	}
	leaving.Close()
	// ...and after its client left, a write goes through.
	if ok := send(t, staying, update("a"), 5*time.Second).Lookup("ok").Double(); ok != 1 {
		t.Fatalf("the write after the client left failed")
	}
}

func TestProbesTakeNoLock(t *testing.T) {
	addr := startProxy(t, time.Hour)
	writer, prober, reader := dial(t, addr), dial(t, addr), dial(t, addr)
	if _, err := writer.Write(request(stuck("a"))); err != nil {
		t.Fatal(err)
	}
	for send(t, prober, update("a", bson.E{Key: "maxTimeMS", Value: 50.0}), 5*time.Second).Lookup("ok").Double() == 1 {
	}
	for _, probe := range []string{"ping", "hello", "isMaster", "buildInfo"} {
		if ok := send(t, prober, bson.D{{Key: probe, Value: 1}, {Key: "$db", Value: "app"}}, time.Second).Lookup("ok").Double(); ok != 1 {
			t.Fatalf("%s failed", probe)
		}
	}
	// A database-wide command waits for the write; a read that came after it waits behind it
	// (no starvation of the database-wide one), and goes once the database-wide one gave up.
	wide := dial(t, addr)
	done := make(chan bson.Raw, 1)
	go func() {
		done <- send(t, wide, bson.D{{Key: "dropDatabase", Value: 1}, {Key: "$db", Value: "app"}, {Key: "maxTimeMS", Value: int32(300)}}, 5*time.Second)
	}()
	if code := (<-done).Lookup("code").Int32(); code != 50 {
		t.Fatalf("dropDatabase got code %d, want 50 (it must wait for the write)", code)
	}
	if ok := send(t, reader, bson.D{{Key: "find", Value: "a"}, {Key: "$db", Value: "app"}}, time.Second).Lookup("ok").Double(); ok != 1 {
		t.Fatalf("a read beside the write failed")
	}
}

func TestQueueLockServesInOrderAndLetsAWaiterGiveUp(t *testing.T) {
	var l queueLock
	ctx := context.Background()
	if err := l.acquire(ctx, false); err != nil {
		t.Fatal(err)
	}
	alone := make(chan error, 1)
	giveUp, cancel := context.WithCancel(ctx)
	go func() { alone <- l.acquire(giveUp, true) }()
	waitFor(t, func() bool { l.mu.Lock(); defer l.mu.Unlock(); return len(l.waiting) == 1 })
	shared := make(chan error, 1)
	go func() { shared <- l.acquire(ctx, false) }()
	waitFor(t, func() bool { l.mu.Lock(); defer l.mu.Unlock(); return len(l.waiting) == 2 })
	select {
	case <-shared:
		t.Fatal("a shared holder went past one waiting to hold the lock alone")
	default:
	}
	cancel()
	if err := <-alone; err == nil {
		t.Fatal("the waiter that gave up got the lock")
	}
	if err := <-shared; err != nil {
		t.Fatal(err)
	}
	l.release(false)
	l.release(false)
	if err := l.acquire(ctx, true); err != nil || !l.alone || l.shared != 0 {
		t.Fatalf("the lock is not free after every holder left: %v", err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 5s")
		}
	}
}

func TestABulkUpdateGoesToTheStoreOneStatementPerCommandAndIsAnsweredAsOne(t *testing.T) {
	var largest atomic.Int32
	backend, _ := answeringBackend(t, func(body bson.Raw) bson.D {
		updates, _ := body.Lookup("updates").Array().Values()
		largest.Store(max(largest.Load(), int32(len(updates))))
		filter := updates[0].Document().Lookup("q", "_id").StringValue()
		if filter == "taken" {
			return bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "writeErrors", Value: bson.A{bson.D{{Key: "index", Value: int32(0)}, {Key: "code", Value: int32(11000)}}}}, {Key: "ok", Value: 1.0}}
		}
		return bson.D{{Key: "n", Value: int32(1)}, {Key: "nModified", Value: int32(1)}, {Key: "ok", Value: 1.0}}
	})
	conn := dial(t, proxyTo(t, backend, time.Minute))
	statement := func(id string) bson.D {
		return bson.D{{Key: "q", Value: bson.D{{Key: "_id", Value: id}}}, {Key: "u", Value: bson.D{{Key: "$set", Value: bson.D{{Key: "x", Value: 1}}}}}}
	}
	unordered := update("a", bson.E{Key: "ordered", Value: false}, bson.E{Key: "updates", Value: bson.A{statement("a"), statement("taken"), statement("b")}})
	got := send(t, conn, unordered, 5*time.Second)
	if largest.Load() != 1 {
		t.Fatalf("the store got a command of %d statements, want 1", largest.Load())
	}
	if n, modified := got.Lookup("n").Int32(), got.Lookup("nModified").Int32(); n != 2 || modified != 2 {
		t.Fatalf("merged reply %v, want n 2 and nModified 2", got)
	}
	if index := got.Lookup("writeErrors", "0", "index").Int32(); index != 1 {
		t.Fatalf("the write error has index %d, want the statement's own 1", index)
	}
	ordered := update("a", bson.E{Key: "updates", Value: bson.A{statement("taken"), statement("b")}})
	if n := send(t, conn, ordered, 5*time.Second).Lookup("n").Int32(); n != 0 {
		t.Fatalf("an ordered update went on after its first error (n %d)", n)
	}
}
