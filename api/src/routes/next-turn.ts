// Lets the event loop run between groups of reads a route makes for many customers: a memory store answers reads in
// the turn they are made, so a thousand of them in one go hold every check waiting behind them (the usage export, the
// Live page). A timer, not setImmediate, which Workers lack.
export const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
