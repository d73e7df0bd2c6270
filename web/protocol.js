// A Foxglove WebSocket protocol v1 client (https://github.com/foxglove/ws-protocol), the part the
// page needs: serverInfo, advertise, status, message and time frames in; subscribe, client
// advertise and client messages out. JSON encoding only (what Leeway serves).
export class FoxgloveConnection {
  /// Calls handlers.onOpen(serverInfo), onChannels(channels), onMessage(topic, timeNs, object),
  /// onTime(timeNs), onStatus(status), onClose().
  constructor(url, handlers) {
    this.handlers = handlers;
    this.channels = new Map(); // id -> channel
    this.byTopic = new Map(); // topic -> channel
    this.subscriptions = new Map(); // subscription id -> channel
    this.clientChannels = new Map(); // topic -> client channel id
    this.nextSubscription = 1;
    this.nextClientChannel = 1;
    this.decoder = new TextDecoder();
    this.ws = new WebSocket(url, ["foxglove.websocket.v1"]);
    this.ws.binaryType = "arraybuffer";
    this.ws.onmessage = (event) => this.receive(event.data);
    this.ws.onclose = () => handlers.onClose?.();
  }

  receive(data) {
    if (typeof data === "string") {
      const m = JSON.parse(data);
      if (m.op === "serverInfo") this.handlers.onOpen?.(m);
      else if (m.op === "advertise") {
        for (const c of m.channels) {
          this.channels.set(c.id, c);
          this.byTopic.set(c.topic, c);
        }
        this.handlers.onChannels?.(m.channels);
      } else if (m.op === "status") this.handlers.onStatus?.(m);
      return;
    }
    const view = new DataView(data);
    const op = view.getUint8(0);
    if (op === 1) {
      const channel = this.subscriptions.get(view.getUint32(1, true));
      if (!channel) return;
      const t = view.getBigUint64(5, true);
      const text = this.decoder.decode(new Uint8Array(data, 13));
      this.handlers.onMessage?.(channel.topic, t, JSON.parse(text));
    } else if (op === 2) {
      this.handlers.onTime?.(view.getBigUint64(1, true));
    }
  }

  /// Subscribes to every advertised channel whose topic `wanted(topic, schemaName)` accepts.
  subscribeWhere(wanted) {
    const subscriptions = [];
    for (const c of this.channels.values()) {
      if (!wanted(c.topic, c.schemaName)) continue;
      const id = this.nextSubscription++;
      this.subscriptions.set(id, c);
      subscriptions.push({ id, channelId: c.id });
    }
    if (subscriptions.length) this.ws.send(JSON.stringify({ op: "subscribe", subscriptions }));
  }

  /// Sends `object` as JSON on client channel `topic` (advertised on first use).
  publish(topic, object) {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    let id = this.clientChannels.get(topic);
    if (id === undefined) {
      id = this.nextClientChannel++;
      this.clientChannels.set(topic, id);
      this.ws.send(JSON.stringify({
        op: "advertise",
        channels: [{ id, topic, encoding: "json", schemaName: "leeway.WorldControl" }],
      }));
    }
    const payload = new TextEncoder().encode(JSON.stringify(object));
    const frame = new Uint8Array(5 + payload.length);
    frame[0] = 1;
    new DataView(frame.buffer).setUint32(1, id, true);
    frame.set(payload, 5);
    this.ws.send(frame);
  }
}
