// A Redis command as the Upstash endpoint's pieces pass it around: its name, then its arguments as sent to Redis.
export type Command = [name: string, ...args: (string | Buffer)[]];
