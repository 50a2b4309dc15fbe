import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEntry, ChatMessage } from '~/shared/contracts/chat';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

/** Every stream opened, newest last. */
const sources: FakeEventSource[] = [];

/**
 * The browser's EventSource as client/events uses it: the test opens it, breaks it
 * and delivers named events with JSON data, so events pass the real parsing on their way.
 */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    sources.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** A dropped connection: EventSource retries by itself unless it gave up (CLOSED). */
  fail(gaveUp: boolean): void {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  send(type: string, data: unknown): void {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}
const { $streamStatus, startRealtime, stopRealtime } = await import('./realtime');
const { $chats, loadChats, clearChats } = await import('./chats');
const { $conversation, closeConversation, openConversation, TYPING_SHOWN_MS } = await import('./conversation');
const { $unreadMessages, $newLikes } = await import('./badges');
const { clearLikes } = await import('./likes');

const ME = 1;
const NOW = Date.UTC(2026, 10, 23, 12);

const message = (id: number, conversation: number, from: number): ChatMessage => ({
  id,
  conversation,
  from,
  text: `m${id}`,
  gif: null,
  created_at: new Date(NOW + id).toISOString(),
  read: false,
});
const chat = (conversation: number, unread: number) =>
  ({ conversation, num_unread_messages: unread, last_message: null, updated_at: '' }) as unknown as ChatEntry;
const calls = (operation: string) => callApi.mock.calls.filter(([c]) => c === operation).length;
const stream = () => sources.at(-1)!;
const emit = (type: string, data: unknown) => stream().send(type, data);

describe('realtime: the event stream routed into the stores (docs/product.md §4 session, §9)', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    callApi.mockReset();
    sources.length = 0;
    vi.stubGlobal('EventSource', FakeEventSource);
    clearChats();
    clearLikes();
    closeConversation();
    callApi.mockResolvedValueOnce({ chats: [chat(7, 0), chat(8, 2)] });
    await loadChats();
    callApi.mockReset();
    startRealtime(ME);
  });
  afterEach(() => {
    stopRealtime();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens one stream per tab on /api/events.php and mirrors its status through reconnects', () => {
    startRealtime(ME);
    expect(sources).toHaveLength(1);
    expect(stream().url).toBe('/api/events.php');
    expect($streamStatus.get()).toBe('connecting');
    stream().open();
    expect($streamStatus.get()).toBe('open');
    // EventSource reconnects by itself: the store only reflects it, and polling stays the fallback.
    stream().fail(false);
    expect($streamStatus.get()).toBe('connecting');
    stream().open();
    expect($streamStatus.get()).toBe('open');
    stream().fail(true);
    expect($streamStatus.get()).toBe('down');
  });

  it('stopping closes the stream and marks it down; a new start opens a new stream that delivers again', () => {
    stream().open();
    const first = stream();
    stopRealtime();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect($streamStatus.get()).toBe('down');
    stopRealtime();

    startRealtime(ME);
    expect(sources).toHaveLength(2);
    emit('message', { message: message(100, 7, 2) });
    expect($unreadMessages.get()).toBe(3);
  });

  it('stays down where the browser has no EventSource', () => {
    stopRealtime();
    vi.stubGlobal('EventSource', undefined);
    startRealtime(ME);
    expect(sources).toHaveLength(1);
    expect($streamStatus.get()).toBe('down');
  });

  it('a message from the other member moves its chat to the top and raises the unread badge', () => {
    emit('message', { message: message(100, 7, 2) });
    expect($chats.get().chats.map((c) => [c.conversation, c.num_unread_messages])).toEqual([
      [7, 1],
      [8, 2],
    ]);
    expect($chats.get().chats[0]!.last_message).toEqual({
      text: 'm100',
      gif: false,
      from_me: false,
      created_at: message(100, 7, 2).created_at,
    });
    expect($unreadMessages.get()).toBe(3);
  });

  it('my own message (sent from another tab) updates the preview but not the unread count', () => {
    emit('message', { message: message(101, 8, ME) });
    expect($chats.get().chats.map((c) => [c.conversation, c.num_unread_messages])).toEqual([
      [8, 2],
      [7, 0],
    ]);
    expect($chats.get().chats[0]!.last_message?.from_me).toBe(true);
    expect($unreadMessages.get()).toBe(2);
  });

  it('a message in the open conversation is shown there once and does not count as unread', async () => {
    callApi.mockResolvedValueOnce({ messages: [message(90, 7, 2)], has_more: false });
    await openConversation(7);
    expect(calls('messages')).toBe(1);
    emit('message', { message: message(100, 7, 2) });
    emit('message', { message: message(100, 7, 2) });
    emit('message', { message: message(200, 8, 2) });
    expect($conversation.get().messages.map((m) => m.id)).toEqual([90, 100]);
    expect($chats.get().chats.find((c) => c.conversation === 7)!.num_unread_messages).toBe(0);
    expect($unreadMessages.get()).toBe(3);
  });

  it('a message for a chat not in the list reloads the list', async () => {
    callApi.mockResolvedValue({ chats: [chat(9, 1), chat(7, 0), chat(8, 2)] });
    emit('message', { message: message(300, 9, 2) });
    await vi.waitFor(() => expect($unreadMessages.get()).toBe(3));
    expect(calls('chats')).toBe(1);
  });

  it('drops events whose data does not fit and events it does not know', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    emit('message', { message: { id: 'x' } });
    emit('message', 'not json');
    emit('read', { conversation: 7 });
    emit('typing', null);
    emit('presence', { online: true });
    expect(warn).toHaveBeenCalledTimes(1);
    expect($chats.get().chats.map((c) => c.num_unread_messages)).toEqual([0, 2]);
    expect($conversation.get().messages).toEqual([]);
    expect(callApi).not.toHaveBeenCalled();
  });

  it('routes read receipts and typing to the open conversation', async () => {
    callApi.mockResolvedValueOnce({ messages: [message(90, 7, ME), message(91, 7, ME)], has_more: false });
    await openConversation(7);
    emit('read', { conversation: 7, up_to: 90 });
    expect($conversation.get().messages.map((m) => m.read)).toEqual([true, false]);
    emit('typing', { conversation: 7, from: 2 });
    expect($conversation.get().typingUntil).toBe(NOW + TYPING_SHOWN_MS);
  });

  it('a like reloads the likes, which sets the new-likes badge', async () => {
    callApi.mockResolvedValue({
      profiles: [],
      liked_by: [{ id: 1, profile: { id: 2 }, like_new: true, did_like_profile: false, created_at: '' }],
    });
    emit('like', { from: 2 });
    await vi.waitFor(() => expect($newLikes.get()).toBe(1));
    expect(calls('likes')).toBe(1);
  });

  it('a deleted chat reloads the chat list', async () => {
    callApi.mockResolvedValue({ chats: [chat(8, 2)] });
    emit('chat_deleted', { conversation: 7 });
    await vi.waitFor(() => expect($chats.get().chats).toHaveLength(1));
    expect(calls('chats')).toBe(1);
    expect($unreadMessages.get()).toBe(2);
  });
});
