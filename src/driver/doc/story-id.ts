// What a story id may be: it names the story's sync room (so it follows the server's room names,
// sync-server/protocol.ts ROOM_NAME; tests/unit/story-json.test.ts keeps the two equal) and it is
// printed into a shell command that shares the story.
export const STORY_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Room names the sync server gives to what is not a story (sync-server/protocol.ts LIBRARY_ROOM; the
 * same test keeps them equal): a story with one of them as its id would sync into the library's room.
 */
export const RESERVED_STORY_IDS: ReadonlySet<string> = new Set(['library']);
