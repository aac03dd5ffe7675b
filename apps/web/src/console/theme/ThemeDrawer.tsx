import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { App, Button, ColorPicker, Drawer, Input, Radio, Select, Switch } from 'antd';
import { CONSOLE_LAYOUTS, THEME_BASIC_PROPERTIES, THEME_COMPONENT_PROPERTIES, THEME_COMPONENTS, type ConsoleLayoutName, type ThemePropertyDefinition } from '@dandelion/shared/system/theme';
import { componentValue, withComponentValue } from './themeComponents';
import { useConsoleStore } from '../../api/consoleStore';
import type { ConsoleTheme } from '../../api/consoleTypes';
import { resetPersonalTheme, savePersonalTheme } from './themeApi';
import { defaultTheme, editableValue, firstThemeProblem, personalThemeBody, resolveTheme, withLayout, withProperty } from './themeModel';
import { backgroundPattern, patternInk } from './themeTokens';
import './theme-drawer.css';

const COLOR_PRESETS = [
  {
    label: '推荐颜色',
    colors: ['#1f5fb8', '#1677ff', '#2f54eb', '#13a8a8', '#389e0d', '#d46b08', '#cf1322', '#531dab', '#c41d7f', '#001529', '#1f2329', '#ffffff'],
    defaultOpen: true,
  },
];

type Value = string | boolean | null;

const SECTIONS: Array<{ title: string; inputTypes: ReadonlyArray<ThemePropertyDefinition['inputType']> }> = [
  { title: '界面', inputTypes: ['switch'] },
  { title: '颜色', inputTypes: ['colorselect'] },
  { title: '背景图案', inputTypes: ['imgselect'] },
  { title: '其他', inputTypes: ['select', 'text'] },
];

function LayoutCards({ value, onChange }: { value: ConsoleLayoutName; onChange(layout: ConsoleLayoutName): void }) {
  return (
    <Radio.Group
      className="dl-theme-layouts"
      aria-label="导航布局"
      value={value}
      onChange={(e) => onChange(e.target.value as ConsoleLayoutName)}
    >
      {CONSOLE_LAYOUTS.map((layout) => (
        <Radio key={layout.value} value={layout.value} className="dl-theme-layout-card">
          {/* A schematic of the layout: the shape says more than the name. */}
          <span className={`dl-theme-layout-card__shape dl-theme-layout-card__shape--${layout.value}`} aria-hidden>
            <i />
            <b />
          </span>
          <span>{layout.label}</span>
        </Radio>
      ))}
    </Radio.Group>
  );
}

interface ControlProps {
  definition: ThemePropertyDefinition;
  value: Value;
  primaryColor: string;
  onChange(value: Value): void;
}

function PropertyControl({ definition, value, primaryColor, onChange }: ControlProps) {
  const id = useId();
  const { displayName, inputType, valueOption } = definition;
  const label = (
    <label className="dl-theme-row__label" htmlFor={id}>
      {displayName}
    </label>
  );
  if (inputType === 'switch') {
    return (
      <div className="dl-theme-row">
        {label}
        <Switch id={id} checked={value === true || value === 'true'} onChange={(checked) => onChange(checked)} />
      </div>
    );
  }
  if (inputType === 'colorselect') {
    const color = typeof value === 'string' ? value : '';
    return (
      <div className="dl-theme-row">
        {label}
        <ColorPicker
          value={color || undefined}
          presets={COLOR_PRESETS}
          disabledAlpha
          allowClear
          onChange={(c) => onChange(c.toHexString())}
          onClear={() => onChange('')}
        >
          <Button
            id={id}
            className="dl-theme-color"
            aria-label={`${displayName}：${color || '默认'}`}
            data-testid={`theme-${definition.uiName}`}
          >
            <span className="dl-theme-color__chip" style={{ background: color || 'transparent' }} aria-hidden />
            <span className="dl-theme-color__text">{color || '默认'}</span>
          </Button>
        </ColorPicker>
      </div>
    );
  }
  if (inputType === 'imgselect') {
    const ink = patternInk(primaryColor);
    return (
      <div className="dl-theme-row dl-theme-row--block">
        <span className="dl-theme-row__label" id={id}>
          {displayName}
        </span>
        <Radio.Group
          className="dl-theme-swatches"
          aria-labelledby={id}
          optionType="button"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value as string)}
        >
          {(valueOption ?? []).map((option) => {
            const pattern = backgroundPattern(option.value, ink);
            return (
              <Radio.Button key={option.value} value={option.value} className="dl-theme-swatch" title={option.label}>
                <span
                  className="dl-theme-swatch__fill"
                  aria-hidden
                  style={{ backgroundColor: primaryColor, backgroundImage: pattern?.image ?? 'none', backgroundSize: pattern?.size }}
                />
                <span className="dl-theme-sr-only">{option.label}</span>
              </Radio.Button>
            );
          })}
        </Radio.Group>
      </div>
    );
  }
  if (inputType === 'select') {
    return (
      <div className="dl-theme-row">
        {label}
        <Select
          id={id}
          className="dl-theme-row__control"
          value={typeof value === 'string' ? value : undefined}
          options={(valueOption ?? []).map((o) => ({ label: o.label, value: o.value }))}
          onChange={(v: string) => onChange(v)}
        />
      </div>
    );
  }
  return (
    <div className="dl-theme-row">
      {label}
      <Input
        id={id}
        className="dl-theme-row__control"
        value={typeof value === 'string' ? value : ''}
        maxLength={256}
        allowClear
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

interface ThemeDrawerProps {
  open: boolean;
  onClose(): void;
}

/**
 * 主题设置 (spec §3 Theme): one control per basic property and the layout choice. Every change
 * previews at once through the store; 保存 keeps it as the user's own theme, closing without
 * saving puts back what was there when the drawer opened.
 */
export function ThemeDrawer({ open, onClose }: ThemeDrawerProps) {
  const { message } = App.useApp();
  const storeTheme = useConsoleStore((s) => s.theme);
  const layoutUiName = useConsoleStore((s) => s.layoutUiName);
  const setTheme = useConsoleStore((s) => s.setTheme);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);
  /** What to restore when the drawer closes unsaved. */
  const snapshot = useRef<{ theme: ConsoleTheme | null; layoutUiName: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    const { theme, layoutUiName: layout } = useConsoleStore.getState();
    snapshot.current = { theme, layoutUiName: layout };
  }, [open]);

  const theme = storeTheme ?? defaultTheme(layoutUiName);
  const resolved = resolveTheme(theme);
  // Handlers read the store, not this render's copy: a colour drag fires faster than React renders,
  // and a change built on a stale copy would undo the one before it.
  const latest = () => {
    const state = useConsoleStore.getState();
    return state.theme ?? defaultTheme(state.layoutUiName);
  };
  const change = (uiName: string, value: Value) => setTheme(withProperty(latest(), uiName, value));

  const close = () => {
    const before = snapshot.current;
    if (before && useConsoleStore.getState().theme !== before.theme) {
      useConsoleStore.setState({ theme: before.theme, layoutUiName: before.layoutUiName });
    }
    onClose();
  };

  const keep = (saved: ConsoleTheme) => {
    setTheme(saved);
    snapshot.current = { theme: saved, layoutUiName: saved.layoutUiName };
  };

  const save = async () => {
    const body = personalThemeBody(latest());
    const problem = firstThemeProblem(body);
    if (problem) {
      message.error(problem);
      return;
    }
    setBusy('save');
    try {
      keep(await savePersonalTheme(body));
      message.success('主题已保存');
    } catch (error) {
      message.error(error instanceof Error && error.message ? error.message : '保存失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };

  const reset = async () => {
    setBusy('reset');
    try {
      keep(await resetPersonalTheme());
      message.success('已恢复默认主题');
    } catch (error) {
      message.error(error instanceof Error && error.message ? error.message : '恢复默认失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      title="主题设置"
      open={open}
      onClose={close}
      size={360}
      className="dl-theme-drawer"
      footer={
        <div className="dl-theme-drawer__footer">
          <Button onClick={reset} loading={busy === 'reset'} disabled={busy === 'save'}>
            恢复默认
          </Button>
          <Button onClick={close} disabled={busy !== null}>
            取消
          </Button>
          <Button type="primary" onClick={save} loading={busy === 'save'} disabled={busy === 'reset'}>
            保存
          </Button>
        </div>
      }
    >
      {/* The drawer lives in a portal, outside the console root that carries the theme variables. */}
      <div style={{ '--dl-primary': resolved.primaryColor } as CSSProperties}>
        <p className="dl-theme-drawer__hint">修改会立即预览；点击“保存”后作为您的个人主题保留，关闭抽屉将撤销未保存的修改。</p>
        <section className="dl-theme-section" aria-label="导航布局">
          <h3 className="dl-theme-section__title">导航布局</h3>
          <LayoutCards value={resolved.layout} onChange={(layout) => setTheme(withLayout(latest(), layout))} />
        </section>
        {SECTIONS.map((section) => {
          const definitions = THEME_BASIC_PROPERTIES.filter((p) => section.inputTypes.includes(p.inputType));
          if (definitions.length === 0) return null;
          return (
            <section key={section.title} className="dl-theme-section" aria-label={section.title}>
              <h3 className="dl-theme-section__title">{section.title}</h3>
              {definitions.map((definition) => (
                <PropertyControl
                  key={definition.uiName}
                  definition={definition}
                  value={editableValue(theme, definition.uiName)}
                  primaryColor={resolved.primaryColor}
                  onChange={(value) => change(definition.uiName, value)}
                />
              ))}
            </section>
          );
        })}
        <section className="dl-theme-section" aria-label="组件样式">
          <h3 className="dl-theme-section__title">组件样式</h3>
          {THEME_COMPONENTS.flatMap((component) =>
            THEME_COMPONENT_PROPERTIES[component.uiName].map((definition) => (
              <PropertyControl
                key={`${component.uiName}.${definition.uiName}`}
                definition={definition}
                value={componentValue(theme, component.uiName, definition.uiName)}
                primaryColor={resolved.primaryColor}
                onChange={(value) => setTheme(withComponentValue(latest(), component.uiName, definition.uiName, String(value)))}
              />
            )),
          )}
        </section>
      </div>
    </Drawer>
  );
}
