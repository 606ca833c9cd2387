// The suites that go with the browsers in npm test's browser half (scripts/run-tests.mjs), so that
// npm run test:stress -- --browser-half runs exactly that half. Three crash-and-restore process
// suites go with the browsers: the halves then take about as long (~13 minutes each here).
export const WITH_BROWSERS = ['test/browser/', 'test/redis/restored-views', 'test/redis/crash-recovery', 'test/redis/redis-outage'];
