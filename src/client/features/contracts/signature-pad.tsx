import { Button, Group, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** A box to draw one's signature with a finger or a mouse; reports a PNG data URL, or null when empty. */
export function SignaturePad({ onChange }: { onChange: (png: string | null) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext("2d");
    if (!el || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = el.clientWidth * ratio;
    el.height = el.clientHeight * ratio;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.2;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#1a1b1e";
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("contract.drawSignature")}
      </Text>
      <canvas
        ref={canvas}
        data-testid="signature-pad"
        aria-label={t("contract.drawSignature")}
        style={{
          width: "100%",
          height: 140,
          border: "1px dashed var(--mantine-color-gray-5)",
          borderRadius: 8,
          touchAction: "none",
          background: "white",
        }}
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext("2d");
          if (!ctx) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const { x, y } = point(e);
          ctx.beginPath();
          ctx.moveTo(x, y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext("2d");
          if (!ctx) return;
          const { x, y } = point(e);
          ctx.lineTo(x, y);
          ctx.stroke();
        }}
        onPointerUp={(e) => {
          if (!drawing.current) return;
          drawing.current = false;
          setEmpty(false);
          onChange(e.currentTarget.toDataURL("image/png"));
        }}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t("contract.drawHelp")}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={empty}
          onClick={() => {
            const el = canvas.current;
            el?.getContext("2d")?.clearRect(0, 0, el.width, el.height);
            setEmpty(true);
            onChange(null);
          }}
        >
          {t("contract.clearSignature")}
        </Button>
      </Group>
    </Stack>
  );
}
