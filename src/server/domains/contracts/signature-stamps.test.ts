import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imagePages, layoutProblems, pdfBoxes } from "./pdf-boxes.fixture";
import { signatureLinesOf, stampSignatures } from "./signature-stamps";
import { renderContract, signatureLines } from "./template";
import { crowded } from "./template.fixture";

/** A drawing like the ceremony's canvas sends: a stroke on a transparent PNG. */
async function drawing(color: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 110 10, 160 80 S 260 150, 390 40" stroke="${color}" fill="none" stroke-width="6"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

describe("drawn signatures on the contract", () => {
  it("prints each drawing on its signer's line, on that line's page, and leaves the others blank", async () => {
    // Conditions long enough that the signature lines straddle a page break.
    let data = crowded;
    let bytes = (await renderContract(data)).bytes;
    let lines = await signatureLinesOf(bytes);
    for (let n = 1; new Set(lines.map((l) => l.page)).size < 2 && n < 40; n++) {
      data = {
        ...crowded,
        termos: { ...crowded.termos, condicoes: "Proibido fumar no imóvel.\n".repeat(n * 3) },
      };
      bytes = (await renderContract(data)).bytes;
      lines = await signatureLinesOf(bytes);
    }
    expect(new Set(lines.map((l) => l.page)).size, "lines on two pages").toBe(2);
    const planned = signatureLines(data);
    expect(lines.map((l) => l.caption.split(":")[0])).toEqual(planned.map(([label]) => label));
    expect(imagePages(bytes)).toEqual([]);

    const withDrawing = [0, 1, 4, 6, 7];
    const image = await drawing("#1a237e");
    const stamped = await stampSignatures(
      bytes,
      planned.map(([, p], position) => ({
        role: "testemunha" as const,
        position,
        nome: p.nome,
        image: withDrawing.includes(position) ? image : null,
      })),
    );
    expect(imagePages(stamped)).toEqual(withDrawing.map((i) => (lines[i]?.page ?? -1) + 1));
    // The text is untouched and nothing is printed over it.
    expect(layoutProblems(pdfBoxes(stamped))).toEqual([]);
    expect((await signatureLinesOf(stamped)).map((l) => l.caption)).toEqual(lines.map((l) => l.caption));
  }, 60_000);

  it("refuses to put a drawing on a line that is not its signer's", async () => {
    const { bytes } = await renderContract(crowded);
    await expect(
      stampSignatures(bytes, [
        { role: "locador", position: 1, nome: crowded.locador.nome, image: await drawing("#000") },
      ]),
    ).rejects.toThrow(/signature line 1/);
  });
});
