import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEntry, ChatMessage, Gif } from '~/shared/contracts/chat';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const conversation = await import('./conversation');
const { $conversation } = conversation;
const { $chats, loadChats } = await import('./chats');
const { $unreadMessages } = await import('./badges');
const { $pushPrompt } = await import('./push-prompt');

const ME = 1;
const OTHER = 2;
const CONV = 7;

const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation: CONV,
  from: OTHER,
  text: `m${id}`,
  gif: null,
  created_at: '2026-11-23T12:00:00.000Z',
  read: false,
  ...overrides,
});
const gif: Gif = {
  id: 'abc123',
  url: '/gifs/abc.gif',
  preview: '/gifs/abc.png',
  width: 200,
  height: 150,
  title: 'wave',
};

const callsTo = (operation: string) => callApi.mock.calls.filter(([c]) => c === operation);

/** Opens conversation CONV with the given history. */
async function openWith(messages: ChatMessage[], hasMore = false): Promise<void> {
  callApi.mockResolvedValueOnce({ messages, has_more: hasMore });
  await conversation.openConversation(CONV);
  callApi.mockReset();
}

describe('opening a conversation and its history (docs/product.md §4 chats)', () => {
  beforeEach(() => {
    callApi.mockReset();
    conversation.closeConversation();
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads the newest page and sets the chat unread count (and the nav badge) to 0', async () => {
    const chat = { conversation: CONV, num_unread_messages: 3 } as ChatEntry;
    const other = { conversation: 8, num_unread_messages: 2 } as ChatEntry;
    callApi.mockResolvedValueOnce({ chats: [chat, other] });
    await loadChats();
    expect($unreadMessages.get()).toBe(5);

    const page = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(page.promise);
    const opening = conversation.openConversation(CONV);
    expect($conversation.get()).toMatchObject({ id: CONV, status: 'loading', messages: [], outgoing: [] });
    expect($chats.get().chats.map((c) => c.num_unread_messages)).toEqual([0, 2]);
    expect($unreadMessages.get()).toBe(2);
    expect(callApi).toHaveBeenLastCalledWith('messages', { query: { conversation: CONV } });

    page.resolve({ messages: [message(10), message(11)], has_more: true });
    await opening;
    expect($conversation.get()).toMatchObject({ status: 'ready', hasMore: true });
    expect($conversation.get().messages.map((m) => m.id)).toEqual([10, 11]);
  });

  it('shows the error state when the history cannot load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    callApi.mockRejectedValueOnce(new ApiError(404, 'not_found', 'errors.not_found'));
    await conversation.openConversation(CONV);
    expect($conversation.get()).toMatchObject({ id: CONV, status: 'error' });
  });

  it('ignores the late answer for a conversation that was left for another', async () => {
    const first = Promise.withResolvers<unknown>();
    callApi
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ messages: [message(50, { conversation: 8 })], has_more: false });
    const opening = conversation.openConversation(CONV);
    await conversation.openConversation(8);
    first.resolve({ messages: [message(10)], has_more: false });
    await opening;
    expect($conversation.get()).toMatchObject({ id: 8, status: 'ready' });
    expect($conversation.get().messages.map((m) => m.id)).toEqual([50]);
  });

  it('loads older messages before the oldest shown one, once at a time, and stops when there are no more', async () => {
    await openWith([message(10), message(11)], true);
    const older = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(older.promise);
    const loading = conversation.loadOlderMessages();
    expect($conversation.get().loadingOlder).toBe(true);
    await conversation.loadOlderMessages();
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(callApi).toHaveBeenCalledWith('messages', { query: { conversation: CONV, before: 10 } });
    older.resolve({ messages: [message(8), message(9)], has_more: false });
    await loading;
    expect($conversation.get()).toMatchObject({ hasMore: false, loadingOlder: false });
    expect($conversation.get().messages.map((m) => m.id)).toEqual([8, 9, 10, 11]);
    await conversation.loadOlderMessages();
    expect(callApi).toHaveBeenCalledTimes(1);
  });
});

describe('sending: optimistic, failed state, retry (docs/product.md §4 chats, §7 messages)', () => {
  beforeEach(async () => {
    callApi.mockReset();
    $pushPrompt.setKey('interested', false);
    await openWith([message(10)]);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the message at once as sending, then as the stored message with the new credit balance', async () => {
    const answer = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(answer.promise);
    const sending = conversation.sendText('  Hi there  ');
    const [pending] = $conversation.get().outgoing;
    expect($conversation.get().outgoing).toHaveLength(1);
    expect(pending).toMatchObject({ text: 'Hi there', gif: null, state: 'sending' });
    expect(pending!.localId).toBeLessThan(0);
    expect($conversation.get().messages.map((m) => m.id)).toEqual([10]);
    expect(callApi).toHaveBeenCalledWith('sendMessage', { body: { conversation: CONV, text: 'Hi there' } });

    answer.resolve({ message: message(11, { from: ME, text: 'Hi there' }), credits: 19 });
    await sending;
    expect($conversation.get()).toMatchObject({ outgoing: [], credits: 19 });
    expect($conversation.get().messages.map((m) => [m.id, m.text])).toEqual([
      [10, 'm10'],
      [11, 'Hi there'],
    ]);
    // A message sent counts as interest for the push offer (docs/product.md §4).
    expect($pushPrompt.get().interested).toBe(true);
  });

  it('sends nothing for a blank text', async () => {
    await conversation.sendText('   ');
    expect(callApi).not.toHaveBeenCalled();
    expect($conversation.get().outgoing).toEqual([]);
  });

  it('sends a GIF by its id only', async () => {
    callApi.mockResolvedValueOnce({ message: message(11, { from: ME, text: null, gif }), credits: 5 });
    await conversation.sendGif(gif);
    expect(callApi).toHaveBeenCalledWith('sendMessage', { body: { conversation: CONV, gif: 'abc123' } });
    expect($conversation.get().messages.at(-1)?.gif).toEqual(gif);
  });

  it('keeps a refused message as failed with the key the bubble shows: out of credits, blocked, network', async () => {
    callApi.mockRejectedValueOnce(new ApiError(402, 'insufficient_credits', 'chat.insufficient_credits'));
    await conversation.sendText('one');
    callApi.mockRejectedValueOnce(new ApiError(403, 'blocked', 'chat.blocked'));
    await conversation.sendText('two');
    callApi.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await conversation.sendText('three');

    expect($conversation.get().outgoing.map(({ text, state, error }) => ({ text, state, error }))).toEqual([
      { text: 'one', state: 'failed', error: 'chat.insufficient_credits' },
      { text: 'two', state: 'failed', error: 'chat.blocked' },
      { text: 'three', state: 'failed', error: 'errors.network' },
    ]);
    expect(new Set($conversation.get().outgoing.map((o) => o.localId)).size).toBe(3);
    expect($conversation.get().messages.map((m) => m.id)).toEqual([10]);
    // The balance is only known from a successful send.
    expect($conversation.get().credits).toBeNull();
    expect($pushPrompt.get().interested).toBe(false);
  });

  it('retries a failed message once, in its place, without a second copy', async () => {
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await conversation.sendText('hello');
    const [failed] = $conversation.get().outgoing;
    expect(failed).toMatchObject({ state: 'failed', error: 'errors.network' });

    const answer = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(answer.promise);
    const retrying = conversation.retryOutgoing(failed!);
    expect($conversation.get().outgoing).toEqual([
      { localId: failed!.localId, text: 'hello', gif: null, state: 'sending' },
    ]);
    expect(callsTo('sendMessage')).toHaveLength(2);
    expect(callApi).toHaveBeenLastCalledWith('sendMessage', { body: { conversation: CONV, text: 'hello' } });

    answer.resolve({ message: message(11, { from: ME, text: 'hello' }), credits: 3 });
    await retrying;
    expect($conversation.get().outgoing).toEqual([]);
    expect($conversation.get().messages.filter((m) => m.text === 'hello')).toHaveLength(1);
    expect(callsTo('sendMessage')).toHaveLength(2);
  });

  it('a retry that fails again stays one failed message with the new reason; a GIF retries as the same GIF', async () => {
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await conversation.sendGif(gif);
    callApi.mockRejectedValueOnce(new ApiError(402, 'insufficient_credits', 'chat.insufficient_credits'));
    await conversation.retryOutgoing($conversation.get().outgoing[0]!);
    expect(callApi).toHaveBeenLastCalledWith('sendMessage', { body: { conversation: CONV, gif: 'abc123' } });
    expect($conversation.get().outgoing).toHaveLength(1);
    expect($conversation.get().outgoing[0]).toMatchObject({
      gif,
      text: null,
      state: 'failed',
      error: 'chat.insufficient_credits',
    });
  });

  it('discarding a failed message removes only that one', async () => {
    callApi.mockRejectedValue(new ApiError(0, 'network', 'errors.network'));
    await conversation.sendText('a');
    await conversation.sendText('b');
    const [a, b] = $conversation.get().outgoing;
    conversation.discardOutgoing(a!.localId);
    expect($conversation.get().outgoing).toEqual([b]);
  });

  it('my own message echoed by the event stream shows once, whether the echo comes before or after the answer', async () => {
    const mine = message(11, { from: ME, text: 'echo' });
    callApi.mockResolvedValueOnce({ message: mine, credits: 4 });
    await conversation.sendText('echo');
    conversation.receiveConversationMessage(mine);
    expect($conversation.get().messages.map((m) => m.id)).toEqual([10, 11]);

    const answer = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(answer.promise);
    const sending = conversation.sendText('early echo');
    const mine2 = message(12, { from: ME, text: 'early echo' });
    conversation.receiveConversationMessage(mine2);
    answer.resolve({ message: mine2, credits: 3 });
    await sending;
    expect($conversation.get().messages.map((m) => m.id)).toEqual([10, 11, 12]);
    expect($conversation.get().outgoing).toEqual([]);
  });

  it('an answer arriving after the member left the conversation does not leak into the next one', async () => {
    const answer = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(answer.promise);
    const sending = conversation.sendText('late');
    callApi.mockResolvedValueOnce({ messages: [], has_more: false });
    await conversation.openConversation(8);
    answer.resolve({ message: message(11, { from: ME, text: 'late' }), credits: 2 });
    await sending;
    expect($conversation.get()).toMatchObject({ id: 8, messages: [], outgoing: [], credits: null });
  });

  it('does nothing without an open conversation', async () => {
    conversation.closeConversation();
    await conversation.sendText('nobody');
    expect(callApi).not.toHaveBeenCalled();
    expect($conversation.get().outgoing).toEqual([]);
  });
});

describe('a chat with a member before the first message (docs/product.md §7)', () => {
  beforeEach(() => {
    callApi.mockReset();
    conversation.closeConversation();
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens empty and ready without any call, sends the first message to the member and takes the new conversation', async () => {
    conversation.openNewConversation(OTHER);
    expect($conversation.get()).toMatchObject({ id: null, recipient: OTHER, status: 'ready', messages: [] });
    expect(callApi).not.toHaveBeenCalled();
    // No typing pings before there is a conversation.
    conversation.pingTyping(1_000_000);
    expect(callApi).not.toHaveBeenCalled();

    callApi.mockResolvedValueOnce({ message: message(11, { from: ME, text: 'Hi' }), credits: 18 });
    callApi.mockResolvedValueOnce({ chats: [{ conversation: CONV, num_unread_messages: 0 } as ChatEntry] });
    await conversation.sendText('Hi');
    expect(callApi).toHaveBeenNthCalledWith(1, 'sendMessage', { body: { profile: OTHER, text: 'Hi' } });
    expect($conversation.get()).toMatchObject({ id: CONV, outgoing: [], credits: 18 });
    expect($conversation.get().messages.map((m) => m.id)).toEqual([11]);
    // The chat list reloads: the conversation exists now.
    expect(callsTo('chats')).toHaveLength(1);

    // The next message goes into the conversation.
    callApi.mockResolvedValueOnce({ message: message(12, { from: ME, text: 'Again' }), credits: 16 });
    await conversation.sendText('Again');
    expect(callApi).toHaveBeenLastCalledWith('sendMessage', { body: { conversation: CONV, text: 'Again' } });
  });

  it('a refused first message stays failed and its retry goes to the member again', async () => {
    conversation.openNewConversation(OTHER);
    callApi.mockRejectedValueOnce(new ApiError(402, 'insufficient_credits', 'chat.insufficient_credits'));
    await conversation.sendGif(gif);
    const [failed] = $conversation.get().outgoing;
    expect(failed).toMatchObject({ state: 'failed', error: 'chat.insufficient_credits' });
    expect($conversation.get().id).toBeNull();

    callApi.mockResolvedValueOnce({ message: message(11, { from: ME, text: null, gif }), credits: 0 });
    callApi.mockResolvedValueOnce({ chats: [] });
    await conversation.retryOutgoing(failed!);
    expect(callApi).toHaveBeenCalledWith('sendMessage', { body: { profile: OTHER, gif: 'abc123' } });
    expect($conversation.get()).toMatchObject({ id: CONV, outgoing: [] });
  });

  it('takes the conversation the other member created by writing first; other members’ messages stay out', () => {
    conversation.openNewConversation(OTHER);
    conversation.receiveConversationMessage(message(20, { conversation: 9, from: 3 }));
    expect($conversation.get()).toMatchObject({ id: null, messages: [] });
    conversation.receiveConversationMessage(message(21, { from: OTHER, text: 'You first? No, me!' }));
    expect($conversation.get()).toMatchObject({ id: CONV, recipient: OTHER });
    expect($conversation.get().messages.map((m) => m.id)).toEqual([21]);
  });

  it('an answer arriving after the member opened another chat does not leak into it', async () => {
    conversation.openNewConversation(OTHER);
    const answer = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(answer.promise);
    const sending = conversation.sendText('late');
    conversation.openNewConversation(3);
    answer.resolve({ message: message(11, { from: ME, text: 'late' }), credits: 2 });
    await sending;
    expect($conversation.get()).toMatchObject({ id: null, recipient: 3, messages: [], outgoing: [], credits: null });
  });
});

describe('incoming messages, read receipts and typing', () => {
  beforeEach(async () => {
    callApi.mockReset();
    await openWith([message(10, { from: ME }), message(12, { from: ME }), message(13)]);
  });

  it('adds a message of this conversation once, in id order, and ends "typing…"', () => {
    conversation.receiveTyping(CONV, 1_000);
    conversation.receiveConversationMessage(message(11));
    conversation.receiveConversationMessage(message(11));
    conversation.receiveConversationMessage(message(20, { conversation: 8 }));
    expect($conversation.get().messages.map((m) => m.id)).toEqual([10, 11, 12, 13]);
    expect($conversation.get().typingUntil).toBe(0);
  });

  it('marks my messages up to the receipt as seen, not the other member’s nor later ones', () => {
    conversation.receiveReadReceipt(CONV, 12, ME);
    conversation.receiveReadReceipt(8, 13, ME);
    expect($conversation.get().messages.map((m) => [m.id, m.read])).toEqual([
      [10, true],
      [12, true],
      [13, false],
    ]);
    conversation.receiveReadReceipt(CONV, 13, ME);
    expect($conversation.get().messages.map((m) => m.read)).toEqual([true, true, false]);
  });

  it('shows "typing…" for TYPING_SHOWN_MS after the event, only for this conversation', () => {
    conversation.receiveTyping(8, 5_000);
    expect($conversation.get().typingUntil).toBe(0);
    conversation.receiveTyping(CONV, 5_000);
    expect($conversation.get().typingUntil).toBe(5_000 + conversation.TYPING_SHOWN_MS);
  });

  it('pings "typing" at most once per TYPING_PING_MS, and again right after a send', async () => {
    const t0 = 10_000_000;
    callApi.mockResolvedValue({ sent: true });
    conversation.pingTyping(t0);
    conversation.pingTyping(t0 + conversation.TYPING_PING_MS - 1);
    expect(callsTo('typing')).toEqual([['typing', { body: { conversation: CONV }, quiet: true }]]);
    conversation.pingTyping(t0 + conversation.TYPING_PING_MS);
    expect(callsTo('typing')).toHaveLength(2);

    callApi.mockResolvedValueOnce({ message: message(14, { from: ME }), credits: 1 });
    await conversation.sendText('sent');
    conversation.pingTyping(t0 + conversation.TYPING_PING_MS + 1);
    expect(callsTo('typing')).toHaveLength(3);
  });
});
