FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["npx", "tsx", "server/src/index.ts"]
