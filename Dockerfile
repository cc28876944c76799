# The dashboard server's image (docs/operations.md, decision 080): built in one stage, installed
# with production packages only in another, run as the unprivileged `node` user from a third.
# This machine's CI has no container engine: scripts/container-check.mjs runs the same steps in
# a clean folder (the runtime stage's COPY lines are read from this file), starts the server and
# waits for /readyz.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund --omit=optional
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS production-packages
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/postinstall.mjs ./scripts/postinstall.mjs
RUN npm ci --no-audit --no-fund --omit=dev --omit=optional && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-packages /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-ssr ./dist-ssr
COPY --from=build /app/dist-server ./dist-server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (decision 079): give it DRAIN_GRACE_MS and more before a SIGKILL.
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/main.mjs"]
