/**
 * Runs `steps` one task each, in order, starting in a task after this one: work that one task of them
 * all would do in a long block (a tap on the painted page waits for the whole block) is left in slices
 * the browser can answer between.
 */
export function inTasks(steps: readonly (() => void)[]): void {
  const todo = [...steps];
  const next = () => {
    todo.shift()?.();
    if (todo.length) setTimeout(next, 0);
  };
  if (todo.length) setTimeout(next, 0);
}
