const t0 = performance.now();
for (const f of process.argv.slice(2)) {
  const t = performance.now();
  await import(f.startsWith('.') ? '/work/main/' + f.slice(2) : f);
  console.log(f, (performance.now() - t).toFixed(0), 'ms');
}
console.log('total', (performance.now() - t0).toFixed(0));
