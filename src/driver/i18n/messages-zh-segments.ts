// Chinese for what a segmented story's export tells (story-json/export-segments.ts).
import type { Messages } from './translate.ts';

export const SEGMENTS_ZH: Messages = {
  'One older part of this story is not on this device yet. Connect to the sync server and try again.':
    '这个故事有 1 个较早的部分还不在此设备上。请连接同步服务器后再试。',
  '{count} older parts of this story are not on this device yet. Connect to the sync server and try again.':
    '这个故事有 {count} 个较早的部分还不在此设备上。请连接同步服务器后再试。',
};
