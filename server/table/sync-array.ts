import type { ArraySchema } from '@colyseus/schema';

/** Makes `target` equal to `source` with the fewest writes (append/trim, then overwrite changes). */
export function syncArray<T>(target: ArraySchema<T>, source: readonly T[]): void {
  while (target.length > source.length) target.pop();
  source.forEach((value, i) => {
    if (i >= target.length) target.push(value);
    else if (target[i] !== value) target[i] = value;
  });
}
