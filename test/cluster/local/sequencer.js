/** down.test.ts takes the cluster down: it runs after every other test of the local cluster (jest's TestSequencer interface). */
class DownLast {
  sort(tests) {
    const last = (t) => (t.path.endsWith('down.test.ts') ? 1 : 0);
    return [...tests].sort((a, b) => last(a) - last(b) || a.path.localeCompare(b.path));
  }

  cacheResults() {}
}

module.exports = DownLast;
