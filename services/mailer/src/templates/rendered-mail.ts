/** A mail as every template renders it. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}
