import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `/metrics` across the processes of one node (`SERVER_WORKERS` > 1). The workers share the
 * port, so a scrape reaches any one of them: alone it would see its own counts, and a
 * counter would jump up and down from scrape to scrape. So the worker that is asked asks the
 * primary, which gathers every worker's figures (prom-client's AggregatorRegistry over the
 * cluster's IPC channel) and answers one sum: counters and histograms add up, each gauge as
 * its declaration says (`min` for "listening", `max` for lags and ages, a sum otherwise).
 */

const ASK = 'cotton:metrics-ask';
const ANSWER = 'cotton:metrics-answer';
/** The primary gives up on a silent worker after 5 s (prom-client's own limit); the asking worker after this. */
const ASK_TIMEOUT_MS = 8_000;

interface Ask {
  type: typeof ASK;
  id: string;
}
interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is Ask =>
  typeof message === 'object' && message !== null && (message as Ask).type === ASK;
const isAnswer = (message: unknown): message is Answer =>
  typeof message === 'object' && message !== null && (message as Answer).type === ANSWER;

/** In the primary (main.ts `supervise`): answers the workers' asks with the cluster's figures. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: unknown) =>
        worker.isConnected() &&
        worker.send({ type: ANSWER, id: message.id, error: error instanceof Error ? error.message : '汇总失败' }),
    );
  });
}

/** In a worker: the registries the primary gathers (this process's app and process figures). */
export function offerWorkerMetrics(registries: Registry[]): void {
  AggregatorRegistry.setRegistries(registries);
  // Constructed for its side effect: the worker's listener for the primary's gathering.
  new AggregatorRegistry();
}

/** In a worker: the whole node's figures, from the primary. */
export function askClusterMetrics(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listen);
      reject(new Error('主进程未在时限内汇总指标'));
    }, ASK_TIMEOUT_MS);
    const listen = (message: unknown) => {
      if (!isAnswer(message) || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', listen);
      if (message.text === undefined) reject(new Error(message.error ?? '汇总失败'));
      else resolve(message.text);
    };
    process.on('message', listen);
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}
