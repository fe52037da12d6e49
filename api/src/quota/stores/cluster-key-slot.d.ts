// cluster-key-slot (ioredis's own) ships no types: the slot, 0 to 16383, that a Redis Cluster keeps a key in.
declare module "cluster-key-slot" {
  export default function calculateSlot(key: string): number;
}
