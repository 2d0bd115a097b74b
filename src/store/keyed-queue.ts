/**
 * Runs tasks with the same key one after another (in call order) and tasks with different keys
 * concurrently. A failed task does not stop the ones queued behind it.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    // Forget idle keys so the map holds only games with work in flight.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with queued or running tasks. */
  get size(): number {
    return this.tails.size;
  }
}
