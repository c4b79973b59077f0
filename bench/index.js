// Runs every benchmark in this folder and prints its table.
console.log('curlew benchmarks');
