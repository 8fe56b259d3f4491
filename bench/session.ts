// The load's session: signs in once as the benchmark's admin, then follows the token rotation.
import { BENCH_USER } from './config.js';

export class Session {
  headers: Record<string, string> = {};
  constructor(
    private readonly baseUrl: string,
    private readonly user: { email: string; password: string } = BENCH_USER,
  ) {}

  async signIn(): Promise<{ headers: Headers; user: unknown }> {
    const response = await fetch(`${this.baseUrl}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: this.user.email, password: this.user.password }),
    });
    if (response.status !== 200)
      throw new Error(`sign_in: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: unknown };
    return { headers: response.headers, user: body.data };
  }

  async start() {
    const { headers } = await this.signIn();
    this.headers = {
      'access-token': headers.get('access-token') ?? '',
      client: headers.get('client') ?? '',
      uid: headers.get('uid') ?? '',
    };
  }

  /**
   * One request with the current token, keeping a rotated token (past the 5 s batch window
   * the server answers a new one); the load that follows at once stays in the batch window.
   */
  async touch(path: string, times = 1, extra: Record<string, string> = {}) {
    for (let i = 0; i < times; i++) {
      const response = await fetch(`${this.baseUrl}${path}`, {
        headers: { ...this.headers, ...extra },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      this.follow(response);
    }
  }

  /** Keeps the token a response rotated to (a blank one says the current stays). */
  follow(response: Response) {
    const token = response.headers.get('access-token')?.trim();
    if (token) this.headers['access-token'] = token;
  }
}
