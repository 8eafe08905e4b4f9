import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
  useState,
} from "react";
import { cn } from "@/lib/cn";

// WAI-ARIA tabs (automatic activation): Left/Right arrows move and select (wrapping),
// Home/End jump to the ends; only the selected tab is in the Tab order.

type TabsContextValue = {
  baseId: string;
  value: string;
  select: (value: string) => void;
};

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(component: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${component}> must be used inside <Tabs>`);
  return context;
}

const safeId = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, "_");
const tabId = (baseId: string, value: string) => `${baseId}-tab-${safeId(value)}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${safeId(value)}`;

type TabsProps = {
  /** Selected tab when uncontrolled. */
  defaultValue?: string;
  /** Selected tab when controlled. */
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
};

export function Tabs({ defaultValue = "", value, onValueChange, className, children }: TabsProps) {
  const baseId = useId();
  const [internal, setInternal] = useState(defaultValue);
  const current = value ?? internal;
  const select = (next: string) => {
    if (value === undefined) setInternal(next);
    if (next !== current) onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

/** Needs an accessible name: pass `aria-label` or `aria-labelledby`. */
export function TabList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const { select } = useTabs("TabList");

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'),
    );
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1 || tabs.length === 0) return;
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const nextIndex = targets[event.key];
    if (nextIndex === undefined) return;
    event.preventDefault();
    const next = tabs[nextIndex];
    if (!next) return;
    next.focus();
    const nextValue = next.dataset.value;
    if (nextValue !== undefined) select(nextValue);
  };

  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={handleKeyDown}
      className={cn(
        "flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 [scrollbar-width:none]",
        className,
      )}
      {...props}
    />
  );
}

type TabProps = Omit<ComponentProps<"button">, "value"> & { value: string };

export function Tab({ value, className, onClick, ...props }: TabProps) {
  const { baseId, value: current, select } = useTabs("Tab");
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(baseId, value)}
      tabIndex={selected ? 0 : -1}
      data-value={value}
      data-state={selected ? "active" : "inactive"}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      className={cn(
        "focus-ring min-h-10 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors",
        "text-slate-700 hover:text-slate-900 disabled:opacity-50",
        "data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

type TabPanelProps = Omit<ComponentProps<"div">, "id"> & { value: string };

export function TabPanel({ value, className, ...props }: TabPanelProps) {
  const { baseId, value: current } = useTabs("TabPanel");
  // Inactive panels stay mounted but hidden: aria-controls always points at a real element
  // and their state (e.g. a half-filled form) survives switching tabs.
  return (
    <div
      role="tabpanel"
      hidden={value !== current}
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: the panel is a Tab stop so keyboard users reach its content.
      tabIndex={0}
      className={cn("focus-ring mt-4 rounded-lg", className)}
      {...props}
    />
  );
}
