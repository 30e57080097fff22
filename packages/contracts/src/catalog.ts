import type { EventDef, StreamDef } from './messaging';

/**
 * Every JetStream stream and every event or command published to one. The
 * platform provisions streams from these lists, so a new event is one entry
 * here and nowhere else.
 */
export const STREAMS: Record<string, StreamDef> = {};

export const EVENTS: readonly EventDef[] = [];
