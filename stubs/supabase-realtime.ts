import { unavailable } from "./unavailable";

/** supabase-js creates one per client and hands it every new access token; nothing subscribes. */
export class RealtimeClient {
  channels: never[] = [];
  async setAuth(): Promise<void> {}
  getChannels(): never[] {
    return this.channels;
  }
  channel(): never {
    return unavailable("Supabase Realtime");
  }
  async removeChannel(): Promise<"ok"> {
    return "ok";
  }
  async removeAllChannels(): Promise<"ok"[]> {
    return [];
  }
}
