// The fetch an OpenAI-compatible backend is given (the platform's, or a test's stand-in).
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
