import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useId } from "react";

export interface BarDatum {
  key: string;
  /** The bar's label (a day, a category, a comune). */
  label: string;
  /** Null: hidden for privacy, drawn as no bar and read as `shown`. */
  value: number | null;
  /** The value as the table and the bar's tooltip say it ('12', '45%', '< 3'). */
  shown: string;
}

interface BarChartProps {
  title: string;
  /** One sentence a screen reader hears instead of the picture; the table follows it. */
  summary: string;
  data: readonly BarDatum[];
  /** The table's column headers: what a label is, what a value is. */
  columns: readonly [string, string];
  /** Horizontal bars (ranked groups) or vertical ones (days, oldest first). */
  layout?: "vertical" | "horizontal";
  /** The axis' top value (e.g. 1 for shares); the largest value otherwise. */
  max?: number;
}

const WIDTH = 720;
const VERTICAL_HEIGHT = 180;
const ROW_HEIGHT = 26;
const LABEL_WIDTH = 170;

/**
 * A bar chart drawn with visx (SVG, React elements: nothing imperative, nothing in other routes' bundles)
 * with its alternative: the picture is hidden from assistive technology, which reads the title, the
 * summary and a table of the same numbers instead.
 */
export function BarChart({ title, summary, data, columns, layout = "vertical", max }: BarChartProps) {
  const titleId = useId();
  const top = Math.max(max ?? 0, ...data.map((datum) => datum.value ?? 0), 1);
  return (
    <figure aria-labelledby={titleId} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption id={titleId} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      <p className="text-sm text-slate-700">{summary}</p>
      {layout === "vertical" ? <Columns data={data} top={top} /> : <Rows data={data} top={top} />}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((datum) => (
            <tr key={datum.key}>
              <th scope="row">{datum.label}</th>
              <td>{datum.shown}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Columns({ data, top }: { data: readonly BarDatum[]; top: number }) {
  const x = scaleBand({ domain: data.map((datum) => datum.key), range: [0, WIDTH], padding: 0.2 });
  const y = scaleLinear({ domain: [0, top], range: [VERTICAL_HEIGHT, 0] });
  const first = data[0];
  const last = data.at(-1);
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${WIDTH} ${VERTICAL_HEIGHT + 20}`}
      className="h-auto w-full"
      preserveAspectRatio="none"
    >
      <Group>
        {data.map((datum) =>
          datum.value === null ? null : (
            <Bar
              key={datum.key}
              x={x(datum.key) ?? 0}
              y={y(datum.value)}
              width={x.bandwidth()}
              height={VERTICAL_HEIGHT - y(datum.value)}
              className="fill-teal-700"
            >
              <title>{`${datum.label}: ${datum.shown}`}</title>
            </Bar>
          ),
        )}
        <line x1={0} x2={WIDTH} y1={VERTICAL_HEIGHT} y2={VERTICAL_HEIGHT} className="stroke-slate-400" />
      </Group>
      {first ? (
        <text x={0} y={VERTICAL_HEIGHT + 16} className="fill-slate-700 text-xs">
          {first.label}
        </text>
      ) : null}
      {last && last !== first ? (
        <text x={WIDTH} y={VERTICAL_HEIGHT + 16} textAnchor="end" className="fill-slate-700 text-xs">
          {last.label}
        </text>
      ) : null}
    </svg>
  );
}

function Rows({ data, top }: { data: readonly BarDatum[]; top: number }) {
  const height = Math.max(1, data.length) * ROW_HEIGHT;
  const y = scaleBand({ domain: data.map((datum) => datum.key), range: [0, height], padding: 0.25 });
  const x = scaleLinear({ domain: [0, top], range: [0, WIDTH - LABEL_WIDTH - 40] });
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full">
      {data.map((datum) => {
        const rowY = y(datum.key) ?? 0;
        const width = datum.value === null ? 0 : x(datum.value);
        return (
          <Group key={datum.key} top={rowY}>
            <text
              x={LABEL_WIDTH - 8}
              y={y.bandwidth() / 2 + 4}
              textAnchor="end"
              className="fill-slate-800 text-xs"
            >
              {datum.label}
            </text>
            <Bar x={LABEL_WIDTH} y={0} width={width} height={y.bandwidth()} className="fill-orange-600" />
            <text x={LABEL_WIDTH + width + 6} y={y.bandwidth() / 2 + 4} className="fill-slate-800 text-xs">
              {datum.shown}
            </text>
          </Group>
        );
      })}
    </svg>
  );
}
