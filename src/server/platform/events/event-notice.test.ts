import { describe, expect, it } from 'vitest';
import { parseEventNotice } from './event-notice';

describe('event notices between processes', () => {
  it('reads the ids and, when carried, the event', () => {
    expect(parseEventNotice('12:7')).toEqual({ userId: 12, seq: 7, event: null });
    const payload = { conversation: 3, message: { id: 9, text: 'a:b {"x"}' } };
    expect(parseEventNotice(`12:7:message:${JSON.stringify(payload)}`)).toEqual({
      userId: 12,
      seq: 7,
      event: { id: 7, type: 'message', payload },
    });
  });

  it('keeps the ids of a notice whose event it cannot use, and refuses one without ids', () => {
    expect(parseEventNotice('12:7:nonsense:{}')).toEqual({ userId: 12, seq: 7, event: null });
    expect(parseEventNotice('12:7:message:{broken')).toEqual({ userId: 12, seq: 7, event: null });
    for (const bad of ['', '12', ':7', 'a:7', '12:x', '12:0', '1.5:2']) expect(parseEventNotice(bad)).toBeNull();
  });
});
