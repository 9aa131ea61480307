/**
 * A value kept per compiled program (in a WeakMap, so a program dropped frees it), with the last
 * program's value at hand: hot paths ask on every call, and a run of calls in one game skips the
 * WeakMap.
 */
export function programMemo<V>(make: () => V): (program: object) => V {
  const all = new WeakMap<object, V>();
  let lastProgram: object | null = null;
  let last: V | undefined;
  return (program) => {
    if (program !== lastProgram) {
      let v = all.get(program);
      if (v === undefined) all.set(program, (v = make()));
      lastProgram = program;
      last = v;
    }
    return last!;
  };
}
