// Who made a change to a story or library document, as the origin of its Yjs transaction. Providers
// (IndexedDB, sync, other tabs) compare origins by identity to skip their own changes, and the views
// treat every origin alike; these name the changes made on this device, so none is a stray string.
export const DocOrigin = {
  /** The person, through the app: edits, settings, presence, branches, prompts and presets. */
  person: 'person',
  /** The driver writing a model's result or a turn it was asked to store. */
  driver: 'driver',
  /** A Story JSON file being read into a new document. */
  import: 'import',
} as const;
export type DocOrigin = (typeof DocOrigin)[keyof typeof DocOrigin];
