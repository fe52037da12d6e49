// Work queued during one turn of the event loop and done together after it: setImmediate runs after the poll phase,
// so every request read in that phase is decided before any answer is written. An answer decided in process (the
// memory store, a remembered denial) would otherwise go out between two reads of the sockets, which cost the server
// about a third more CPU per check at saturation (bench/README.md, "Writing answers together").
export function afterTurn<A extends unknown[]>(work: (...args: A) => void): (...args: A) => void {
  let due: A[] = [];
  const runDue = () => {
    const running = due;
    due = [];
    for (const args of running) work(...args);
  };
  return (...args) => {
    if (due.length === 0) setImmediate(runDue);
    due.push(args);
  };
}
