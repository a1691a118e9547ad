/** A copy of `array` with twice the room, for lists of numbers kept in typed arrays and grown as they fill. */
export function doubled(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(16, array.length * 2));
  bigger.set(array);
  return bigger;
}
