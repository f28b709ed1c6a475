// The `rashomon` command: `run` plays a scene headless; `eval` measures how well a model keeps secrets; `transcript` prints one participant's view;
// `import` reads a card, lorebook, chat, preset or story; `serve` runs the sync server; `token` prints
// an access token for it. Each command's code is loaded
// only when it runs: the server does not load the driver, and starts faster.
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.ts';
import { MAX_REQUEST_TIMEOUT_S, MIN_REQUEST_TIMEOUT_S } from '../driver/request-deadline.ts';

const USAGE = `Usage:
  rashomon run SCENE.json --base-url URL --model NAME [--api-key KEY] [--batch] [--concurrency N]
                [--context TOKENS] [--timeout SECONDS] [--prompts DIR] [--language en|zh]
                [--stale keep|rewrite] [--out OUT.json]
                (--timeout: how long one model request may take, answer included, not tried again
                past it; default 120; Ctrl-C writes the steps done, exit 130)
  rashomon eval --base-url URL --model NAME [--api-key KEY] [--judge-model NAME] [--scenes DIR]
                [--timeout SECONDS] [--prompts DIR] [--json] [--out DIR]
                (how well the model keeps secrets, against a shared-history baseline; requests
                kept in DIR, default .rashomon-eval/<time>; Ctrl-C stops with the partial figures)
  rashomon transcript STORY.json --as NAME
  rashomon import FILE [--with FILE]… [--dry-run] [--json] [--out OUT.json] [--chat perceived-all|project-later]
                (a character card, lorebook, SillyTavern chat or preset, or story; --out: a chat or
                story as Story JSON, a character or lorebook added to a library file)
  rashomon serve [--host H] [--port P] [--data DIR]
                (defaults 127.0.0.1, 8787, ./data; or env HOST, PORT, RASHOMON_DATA)
  rashomon token [--data DIR]                 (the owner token: opens every story)
  rashomon token --room R [--url URL] [--data DIR]
                (room R's token and a link that joins that story only; URL defaults to serve's)`;

const DEFAULT_CONCURRENCY = 4;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === 'run') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key': { type: 'string' },
        batch: { type: 'boolean', default: false },
        concurrency: { type: 'string' },
        context: { type: 'string' },
        timeout: { type: 'string' },
        out: { type: 'string' },
        prompts: { type: 'string' },
        language: { type: 'string' },
        stale: { type: 'string' },
      },
    });
    const scene = positionals[0];
    if (!scene || positionals.length > 1) throw new UsageError('run takes exactly one SCENE.json', true);
    if (!values['base-url'])
      throw new UsageError('--base-url is required (e.g. http://127.0.0.1:11434/v1)', true);
    if (!values.model) throw new UsageError('--model is required', true);
    const concurrency = values.concurrency === undefined ? DEFAULT_CONCURRENCY : Number(values.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new UsageError('--concurrency must be a whole number of at least 1', true);
    const context = values.context;
    if (context !== undefined && !(/^[1-9]\d*$/.test(context) && Number.isSafeInteger(Number(context))))
      throw new UsageError('--context must be a whole number of tokens, at least 1', true);
    const contextTokens = context === undefined ? undefined : Number(context);
    const requestTimeoutMs = timeoutOption(values.timeout);
    const { runScene } = await import('./run-command.ts');
    return runScene(
      {
        scene,
        baseURL: values['base-url'],
        model: values.model,
        ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
        batch: values.batch,
        concurrency,
        ...(contextTokens !== undefined ? { contextTokens } : {}),
        ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
        ...(values.out ? { out: values.out } : {}),
        ...(values.prompts ? { prompts: values.prompts } : {}),
        ...(values.language !== undefined ? { language: values.language } : {}),
        ...(values.stale !== undefined ? { stale: values.stale } : {}),
      },
      (line) => console.error(line),
    );
  }
  if (command === 'eval') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key': { type: 'string' },
        'judge-model': { type: 'string' },
        scenes: { type: 'string' },
        timeout: { type: 'string' },
        prompts: { type: 'string' },
        json: { type: 'boolean', default: false },
        out: { type: 'string' },
      },
    });
    if (positionals.length) throw new UsageError('eval takes no file: name a folder with --scenes DIR', true);
    if (!values['base-url'])
      throw new UsageError('--base-url is required (e.g. http://127.0.0.1:11434/v1)', true);
    if (!values.model) throw new UsageError('--model is required', true);
    const requestTimeoutMs = timeoutOption(values.timeout);
    const { evalCommand } = await import('./eval-command.ts');
    return evalCommand(
      {
        baseURL: values['base-url'],
        model: values.model,
        json: values.json,
        ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
        ...(values['judge-model'] ? { judgeModel: values['judge-model'] } : {}),
        ...(values.scenes ? { scenes: values.scenes } : {}),
        ...(values.out ? { out: values.out } : {}),
        ...(values.prompts ? { prompts: values.prompts } : {}),
        ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
      },
      (line) => console.error(line),
    );
  }
  if (command === 'transcript') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { as: { type: 'string' } },
    });
    const file = positionals[0];
    if (!file || positionals.length > 1)
      throw new UsageError('transcript takes exactly one STORY.json', true);
    if (!values.as) throw new UsageError('--as NAME is required', true);
    const { transcriptText } = await import('./transcript-command.ts');
    console.log(transcriptText(file, values.as));
    return 0;
  }
  if (command === 'import') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        out: { type: 'string' },
        chat: { type: 'string' },
        with: { type: 'string', multiple: true },
      },
    });
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new UsageError('import takes exactly one FILE', true);
    const chat = values.chat;
    if (chat !== undefined && chat !== 'perceived-all' && chat !== 'project-later')
      throw new UsageError('--chat is perceived-all or project-later', true);
    const { importCommand } = await import('./import-command.ts');
    return importCommand(
      {
        file,
        dryRun: values['dry-run'],
        json: values.json,
        ...(values.out ? { out: values.out } : {}),
        ...(chat ? { chat } : {}),
        ...(values.with?.length ? { with: values.with } : {}),
      },
      (line) => console.log(line),
    );
  }
  if (command === 'serve') {
    const { serveCommand } = await import('./serve-command.ts');
    return serveCommand(rest);
  }
  if (command === 'token') {
    const { tokenCommand } = await import('./token-command.ts');
    return tokenCommand(rest);
  }
  throw new UsageError(`unknown command "${command}"`, true);
}

/** `--timeout SECONDS` → milliseconds, within the bounds a backend profile has too. */
function timeoutOption(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < MIN_REQUEST_TIMEOUT_S || seconds > MAX_REQUEST_TIMEOUT_S)
    throw new UsageError(
      `--timeout must be a whole number of seconds from ${MIN_REQUEST_TIMEOUT_S} to ${MAX_REQUEST_TIMEOUT_S}`,
      true,
    );
  return seconds * 1000;
}

// A reader that stops early (`rashomon token | head -1`) closes the pipe: what is left to print goes
// nowhere, and the command finishes as it would have.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError || (e as { code?: string })?.code?.startsWith?.('ERR_PARSE_ARGS')) {
      // One line (a quoted file can bring newlines into the message); the usage only for command-line mistakes.
      const line = `rashomon: ${(e as Error).message.replace(/\s*\n\s*/g, ' ')}`;
      console.error(e instanceof UsageError && !e.showUsage ? line : `${line}\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(e);
      process.exitCode = 1;
    }
  },
);
