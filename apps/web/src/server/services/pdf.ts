import PDFDocument from "pdfkit";
import type { FormattedContract } from "./contract-content";

/**
 * Renders a contract to a PDF with pdfkit's built-in Helvetica (Latin text). Characters outside
 * WinAnsi would need a bundled TTF font.
 */
export function renderContractPdf(
  contract: FormattedContract,
  meta: { fullName: string; createdAt: string },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 56,
      info: { Title: contract.title, Author: meta.fullName },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.font("Helvetica-Bold").fontSize(18).text(contract.title);
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("#555")
      .text(`Version ${contract.version} - generated ${meta.createdAt}`);
    doc.fillColor("#000").moveDown();
    for (const section of contract.sections) {
      doc.font("Helvetica-Bold").fontSize(12).text(section.heading).moveDown(0.3);
      for (const p of section.paragraphs)
        doc.font("Helvetica").fontSize(10.5).text(p, { align: "justify" }).moveDown(0.5);
      doc.moveDown(0.5);
    }
    doc.font("Helvetica-Bold").fontSize(10.5).text(contract.importantNote);
    doc.end();
  });
}
