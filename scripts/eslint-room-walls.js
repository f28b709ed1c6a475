// The lint rule behind the rooms' walls (eslint.config.js ROOM_WALLS): each relative import is resolved
// against the importing file, and the resolved path, not the specifier as written, is checked against
// the zones of every room around the file. So a re-export cannot launder a banned type through a file
// elsewhere, and a sub-room (driver/assistant/world/) keeps its room's walls without restating them.
import path from 'node:path';

/** `a` is `b` or lies under it (paths relative to the repository, with forward slashes). */
const within = (a, b) => a === b || a.startsWith(`${b}/`);

/**
 * @param {string} root the repository's folder
 * @param {Array<{folder: string, banned: string[], except?: string[], why: string}>} walls
 */
export function roomWallsPlugin(root, walls) {
  const toRepo = (file) => path.relative(root, file).split(path.sep).join('/');
  return {
    rules: {
      'room-walls': {
        meta: {
          type: 'problem',
          docs: {
            description: 'Rooms import across their walls only where the walls allow (by resolved path).',
          },
          schema: [],
          messages: { banned: '{{target}} is behind a wall of {{folder}}: {{why}}' },
        },
        create(context) {
          const file = toRepo(context.filename);
          const around = walls.filter((w) => within(file, w.folder));
          if (around.length === 0) return {};
          const check = (node, source) => {
            if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
            const spec = source.value.replace(/\?.*$/, '');
            const target = toRepo(path.resolve(path.dirname(context.filename), spec));
            for (const wall of around) {
              // A room may always import its own files.
              if (within(target, wall.folder)) continue;
              const hit = wall.banned.some((b) => within(target, b));
              const excused = (wall.except ?? []).some((e) => within(target, e));
              if (hit && !excused) {
                context.report({
                  node: source,
                  messageId: 'banned',
                  data: { target, folder: wall.folder, why: wall.why },
                });
                return;
              }
            }
          };
          return {
            ImportDeclaration: (node) => check(node, node.source),
            ExportNamedDeclaration: (node) => check(node, node.source),
            ExportAllDeclaration: (node) => check(node, node.source),
            ImportExpression: (node) => check(node, node.source),
          };
        },
      },
    },
  };
}
