import type { z } from "zod";

/**
 * The one wrapper of the app's callables (architecture §2; functions/src). The input is checked with
 * the domain schema before the call and the answer after it, with the same schemas the function uses;
 * failures keep the HttpsError's code and Italian message (src/domain/boundary/errors.ts maps them).
 * Firebase (the app and Functions) loads with the first call, not with the screen that offers the
 * button: a screen's code then paints before Firebase has downloaded (docs/content-bench.md).
 */
export function callable<I extends z.ZodType, O extends z.ZodType>(
  name: string,
  input: I,
  output: O,
): (data: z.input<I>) => Promise<z.output<O>> {
  return async (data) => {
    const parsed = input.parse(data);
    const [{ httpsCallable }, functions] = await Promise.all([
      import("firebase/functions"),
      import("./firebase").then(({ getFunctionsInstance }) => getFunctionsInstance()),
    ]);
    const call = httpsCallable<unknown, unknown>(functions, name);
    const { data: answer } = await call(parsed);
    return output.parse(answer);
  };
}
