// How a backend's real token counts compare with the driver's estimate, learned from what servers
// report (`usage.prompt_tokens`) and from exact counts. It keeps the highest ratio of the last few,
// so it adapts to a tokenizer quickly and, once the ratios settle, stays put: the history budgets
// built on it then stay the same from one request to the next, and so do the windows (prefix cache).

/** Ratios remembered: enough to ride out one odd request, few enough to follow a model change. */
const REMEMBERED = 8;
/** Ratios outside these are a server counting something else (or nothing): ignored. */
const PLAUSIBLE = { min: 0.2, max: 5 } as const;

export interface TokenGauge {
  /** Real tokens per estimated token (1 until something was learned). */
  readonly factor: number;
  /** A request estimated at `estimated` tokens was counted `counted` by the server or a tokenizer. */
  learn(estimated: number, counted: number): void;
}

export function createTokenGauge(): TokenGauge {
  const ratios: number[] = [];
  let factor = 1;
  return {
    get factor() {
      return factor;
    },
    learn(estimated, counted) {
      if (estimated <= 0 || counted <= 0) return;
      const ratio = counted / estimated;
      if (ratio < PLAUSIBLE.min || ratio > PLAUSIBLE.max) return;
      ratios.push(ratio);
      if (ratios.length > REMEMBERED) ratios.shift();
      factor = Math.max(...ratios);
    },
  };
}
