// Benchmarks print figures; they are not tests. The figures themselves arrive with the bench issue.
console.log('No benchmarks yet: `npm run bench` is filled by the benchmarks issue.');
