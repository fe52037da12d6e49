// Test tooling: preloaded with `--import`, puts this process's wall clock CLOCK_SKEW_MS off, as a badly synced server's.
const skewMs = Number(process.env.CLOCK_SKEW_MS ?? 0);
const RealDate = Date;

class SkewedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(RealDate.now() + skewMs);
    else super(...(args as ConstructorParameters<DateConstructor>));
  }

  static override now() {
    return RealDate.now() + skewMs;
  }
}

globalThis.Date = SkewedDate as DateConstructor;
