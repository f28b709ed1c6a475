// What a story id may be: it names the story's sync room (so it follows the server's room names,
// sync-server/protocol.ts ROOM_NAME; tests/unit/story-json.test.ts keeps the two equal) and it is
// printed into a shell command that shares the story.
export const STORY_ID = /^[A-Za-z0-9_-]{1,128}$/;
