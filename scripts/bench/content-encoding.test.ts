import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedBodies, pickEncoding } from "./content-encoding";

describe("pickEncoding", () => {
  it("serves Brotli to a browser that asks for it, as Chromium does over HTTPS", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
  });

  it("falls back to gzip, and to no encoding", () => {
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("identity")).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it("never picks an encoding the request refuses with q=0", () => {
    expect(pickEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding("br; q=0.5, GZIP")).toBe("br");
    expect(pickEncoding("gzip;q=0")).toBeUndefined();
  });
});

describe("compressedBodies", () => {
  it("holds the same bytes in each encoding, Brotli smaller than gzip on code", () => {
    const body = Buffer.from(
      Array.from({ length: 400 }, (_, index) => `export const value${index} = () => ${index} * 2;`).join(
        "\n",
      ),
    );
    const { br, gzip } = compressedBodies(body);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(gzip.length);
  });
});
