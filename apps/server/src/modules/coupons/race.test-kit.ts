/** Lets `n` concurrent tasks wait for each other: nobody passes until all have arrived. */
export function barrier(n: number) {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => {
    release = resolve;
  });
  return async () => {
    if (++arrived === n) release();
    await all;
  };
}

export const randomInt = (max: number) => Math.floor(Math.random() * max);
