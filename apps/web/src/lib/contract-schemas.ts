import type { EndpointAnswer, EndpointName } from '@site/contract/endpoint-map';
import { madeOnce } from './made-once';
import { checkHealthAnswer, checkNoticeAnswer } from './plain-answers';
import { yieldToBrowser } from './yield-to-browser';

/**
 * zod itself, evaluated in a task of its own before the first schemas are built (in the next):
 * together they were one task of 110 ms on Lighthouse's phone as the wallet page made its first
 * calls (docs/decisions.md#main-thread-work-after-the-first-paint).
 */
export const zodLoaded = madeOnce(() => import('./zod-jitless').then(yieldToBrowser));

/** A check of an answer: returns it as its schema's output, or throws. */
export type AnswerCheck<T = unknown> = (data: unknown) => T;

/** The answers every first page asks for, checked without loading zod (lib/plain-answers.ts). */
const plainChecks: { [N in EndpointName]?: AnswerCheck<EndpointAnswer<N>> } = {
  'health.get': checkHealthAnswer,
  'site.notice': checkNoticeAnswer,
};

/** The contract's map of endpoints by name, in a small zod-free chunk of its own. */
const endpointMap = () => import('@site/contract/endpoint-map');

/**
 * The check of endpoint `name`'s answer: its response schema, from the contract's one map of
 * endpoints (`endpointLoaders`), loaded on the first call with the endpoint's module and zod
 * rather than with the page: zod builds every schema as its module is evaluated, and zod itself
 * is a large module, together 40–60 ms of one task as a page's code started on this machine, four
 * times that on Lighthouse's phone, and a page drawn with its data asks nothing as it hydrates
 * (docs/decisions.md#main-thread-work-after-the-first-paint). The health and notice answers,
 * asked by every first page, are checked without zod. Undefined: the answer is not JSON.
 */
export function answerCheck<N extends EndpointName>(name: N): Promise<AnswerCheck<EndpointAnswer<N>> | undefined> {
  const plain = plainChecks[name];
  if (plain) return Promise.resolve(plain);
  return Promise.all([zodLoaded(), endpointMap()])
    .then(([, map]) =>
      (map.endpointLoaders[name] as () => Promise<{ response?: { parse(data: unknown): EndpointAnswer<N> } }>)(),
    )
    .then(({ response }) => (response ? (data: unknown) => response.parse(data) : undefined));
}

/** The API's error format, loaded like the answers' schemas on the first error. */
export function apiErrorCheck() {
  return Promise.all([zodLoaded(), endpointMap()]).then(([, map]) => map.loadApiErrorSchema());
}
