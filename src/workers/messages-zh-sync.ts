// Chinese for what sync tells the person (status, refusals, pairing), kept apart from the rest of the
// worker's words so the two can be edited apart.
import type { Messages } from '../driver/i18n/translate.ts';

export const WORKER_SYNC_MESSAGES_ZH: Messages = {};
