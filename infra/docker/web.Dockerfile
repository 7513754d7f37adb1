# The single-page app built with Vite and served by nginx, which also proxies /api to the api service.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/ledger/package.json packages/ledger/
COPY packages/eventstore/package.json packages/eventstore/
COPY packages/read-models/package.json packages/read-models/
COPY packages/process-kit/package.json packages/process-kit/
COPY services/api/package.json services/api/
COPY services/projector/package.json services/projector/
COPY services/mailer/package.json services/mailer/
COPY frontend/package.json frontend/
COPY infra/package.json infra/
COPY bench/package.json bench/
RUN npm ci --workspace frontend --include-workspace-root --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY frontend frontend
RUN npm run build --workspace frontend

FROM nginx:1.27-alpine
COPY infra/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY infra/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
