import { describe, expect, it } from "vitest";
import { type ClientRequest, clientIp, clientIpKey } from "./client-ip";

/** A request as the functions framework hands it over: Express with `trust proxy` on, so `ip` is XFF's first entry. */
function request(forwardedFor: string | undefined, remoteAddress = "169.254.1.1"): ClientRequest {
  const first = forwardedFor?.split(",")[0]?.trim();
  return {
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    ip: first || remoteAddress,
    socket: { remoteAddress },
  };
}

describe("clientIp", () => {
  it("takes the entry Google's front end appended, not the client's", () => {
    expect(clientIp(request("203.0.113.7"))).toBe("203.0.113.7");
    // The client sent `X-Forwarded-For: 1.2.3.4`; the front end appended the real address.
    const spoofed = request("1.2.3.4, 203.0.113.7");
    expect(spoofed.ip).toBe("1.2.3.4");
    expect(clientIp(spoofed)).toBe("203.0.113.7");
    expect(clientIp(request("10.0.0.1, 8.8.8.8 ,203.0.113.7"))).toBe("203.0.113.7");
  });

  it("gives the same address whatever the client puts first, so a limit cannot be dodged", () => {
    const addresses = new Set(
      ["9.9.9.9", "1.1.1.1, 5.5.5.5", "garbage", "", "::1"].map((spoof) =>
        clientIp(request(spoof ? `${spoof}, 198.51.100.4` : "198.51.100.4")),
      ),
    );
    expect([...addresses]).toEqual(["198.51.100.4"]);
  });

  it("reads a repeated header as one list", () => {
    expect(clientIp({ headers: { "x-forwarded-for": ["1.2.3.4", "198.51.100.4"] } })).toBe("198.51.100.4");
  });

  it("uses the connection's address without the header (emulators, tests)", () => {
    expect(clientIp(request(undefined, "::ffff:127.0.0.1"))).toBe("127.0.0.1");
    expect(clientIp({ headers: {}, ip: "192.0.2.1" })).toBe("192.0.2.1");
    expect(clientIp({ headers: {} })).toBeUndefined();
  });

  it("refuses a last entry that is not an address", () => {
    expect(clientIp(request("203.0.113.7, not-an-ip"))).toBeUndefined();
  });
});

describe("clientIpKey", () => {
  it("counts IPv4 per address and IPv6 per /64", () => {
    expect(clientIpKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientIpKey("2001:db8:0:1::5")).toBe("2001:db8:0:1::/64");
    expect(clientIpKey("2001:0db8:0000:0001:ffff:1:2:3")).toBe("2001:db8:0:1::/64");
    expect(clientIpKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientIpKey(undefined)).toBe("unknown");
    expect(clientIpKey("nope")).toBe("unknown");
  });
});
