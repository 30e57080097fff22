const fs = require('node:fs');

/**
 * The run's closing line, `jest: N passed, N failed[, N skipped]`: the plain
 * form CI reads to know how many tests ran. A test file that could not run at
 * all counts as one failure. With JEST_SUMMARY_FILE set, the line goes to that
 * file so the test command can print it after everything else.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `jest: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`;
    if (process.env.JEST_SUMMARY_FILE) fs.writeFileSync(process.env.JEST_SUMMARY_FILE, line);
    else process.stdout.write(line);
  }
}
module.exports = SummaryReporter;
