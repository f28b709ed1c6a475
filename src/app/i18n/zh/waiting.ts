// Chinese for what the wait is: the actor's words so far and the person's own view being written
// (story/phase-status.tsx), the story's background work (story/background-status.tsx), what the server
// kept of a prompt (inspector/given-format.ts), and an export waiting for the background
// (library/story-item.tsx). 'Retry' is kept in play-settings; 'Pause' stops the background until the next command.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_WAITING: Messages = {
  '{name} is writing…': '{name}正在书写…',
  '1 word': '1 字',
  '{count} words': '{count} 字',
  'Writing what you perceive…': '正在写出你所感知到的…',
  'Writing the rest of the perceptions ({count} left)…': '正在写出其余的感知（还剩 {count} 份）…',
  Pause: '暂停',
  'Writing the rest of the perceptions stopped: {reason}': '其余感知的书写已停止：{reason}',
  'Taking stock of memories stopped: {reason}': '记忆的整理已停止：{reason}',
  'cached {cached} / computed {computed} tokens': '缓存 {cached} / 计算 {computed} 个 token',
  'Waiting for the story to finish writing what its participants perceived…':
    '正在等待故事写完各参与者所感知到的内容…',
  'The file lacks 1 perception that could not be written: the model failed, or its writing was stopped. Open the story to write it, then export again.':
    '文件缺少 1 份未能写出的感知：模型出错，或书写被停止。请打开故事写出它，然后再次导出。',
  'The file lacks {count} perceptions that could not be written: the model failed, or their writing was stopped. Open the story to write them, then export again.':
    '文件缺少 {count} 份未能写出的感知：模型出错，或书写被停止。请打开故事写出它们，然后再次导出。',
};
