package main

import (
	"context"
	"slices"
	"sync"
)

// storeLocks are the locks of databases and collections, made when first used.
type storeLocks struct {
	mu     sync.Mutex
	byName map[string]*queueLock
}

func newStoreLocks() *storeLocks {
	return &storeLocks{byName: map[string]*queueLock{}}
}

func (l *storeLocks) get(name string) *queueLock {
	l.mu.Lock()
	defer l.mu.Unlock()
	m, ok := l.byName[name]
	if !ok {
		m = &queueLock{}
		l.byName[name] = m
	}
	return m
}

// hold takes the locks `cmd` needs, database first, and returns what releases them; it gives up,
// holding nothing, when ctx ends first (the command's deadline passed or its client went away).
func (l *storeLocks) hold(ctx context.Context, cmd command, serialiseAll bool) (release func(), err error) {
	// A NUL cannot be part of a database's name: "db\x00" names no database, only collections' locks.
	db := l.get(cmd.db)
	how := cmd.access()
	if serialiseAll || how == wholeDatabase {
		if err := db.acquire(ctx, true); err != nil {
			return nil, err
		}
		return func() { db.release(true) }, nil
	}
	if err := db.acquire(ctx, false); err != nil {
		return nil, err
	}
	if how == readCollection {
		return func() { db.release(false) }, nil
	}
	coll := l.get(cmd.db + "\x00" + cmd.collection)
	if err := coll.acquire(ctx, true); err != nil {
		db.release(false)
		return nil, err
	}
	return func() { coll.release(true); db.release(false) }, nil
}

// queueLock is a readers-writer lock that serves its waiters in the order they came and lets a
// waiter give up (sync.RWMutex cannot be left once asked for). In arrival order, a stream of
// shared holders never starves one that needs the lock alone: once it waits, later ones queue
// behind it.
type queueLock struct {
	mu      sync.Mutex
	shared  int  // holders that share it
	alone   bool // held by one holder alone
	waiting []*lockWaiter
}

type lockWaiter struct {
	alone   bool
	granted chan struct{}
}

func (l *queueLock) free(alone bool) bool { return !l.alone && (!alone || l.shared == 0) }

func (l *queueLock) take(alone bool) {
	if alone {
		l.alone = true
	} else {
		l.shared++
	}
}

// acquire takes the lock, alone or shared, or returns ctx's error holding nothing.
func (l *queueLock) acquire(ctx context.Context, alone bool) error {
	l.mu.Lock()
	if len(l.waiting) == 0 && l.free(alone) {
		l.take(alone)
		l.mu.Unlock()
		return nil
	}
	w := &lockWaiter{alone: alone, granted: make(chan struct{})}
	l.waiting = append(l.waiting, w)
	l.mu.Unlock()
	select {
	case <-w.granted:
		return nil
	case <-ctx.Done():
	}
	l.mu.Lock()
	select {
	case <-w.granted: // granted while ctx ended: give it back
		l.mu.Unlock()
		l.release(alone)
		return ctx.Err()
	default:
	}
	l.waiting = slices.DeleteFunc(l.waiting, func(x *lockWaiter) bool { return x == w })
	l.grant() // a holder-alone that gave up may have kept shared waiters behind it waiting
	l.mu.Unlock()
	return ctx.Err()
}

func (l *queueLock) release(alone bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if alone {
		l.alone = false
	} else {
		l.shared--
	}
	l.grant()
}

// grant lets in the waiters at the head of the queue that can hold the lock now. Callers hold l.mu.
func (l *queueLock) grant() {
	for len(l.waiting) > 0 && l.free(l.waiting[0].alone) {
		w := l.waiting[0]
		l.waiting = l.waiting[1:]
		l.take(w.alone)
		close(w.granted)
	}
}
